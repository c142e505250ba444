-- A name bound by a `case` pattern is local to that case.
-- ==
-- error: [Uu]nknown|[Uu]ndefined|[Uu]nbound|[Nn]ot (in scope|defined|bound|found)|[Nn]o such|[Uu]ndeclared

def main (x: i32) = (match x case y -> y + 1) + y
