-- A `let` binding is not visible outside its body.
-- ==
-- error: [Uu]nknown|[Uu]ndefined|[Uu]nbound|[Nn]ot (in scope|defined|bound|found)|[Nn]o such|[Uu]ndeclared

def main (x: i32) = (let y = x + 1 in y) + y
