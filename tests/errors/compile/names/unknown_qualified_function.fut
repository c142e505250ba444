-- `f32.squareroot` does not exist (it is `f32.sqrt`).
-- ==
-- error: [Uu]nknown|[Uu]ndefined|[Uu]nbound|[Nn]ot (in scope|defined|bound|found)|[Nn]o such|[Uu]ndeclared

def main (x: f32) = f32.squareroot x
