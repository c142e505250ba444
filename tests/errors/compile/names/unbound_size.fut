-- The size `n` is not a size parameter.
-- ==
-- error: [Uu]nknown|[Uu]ndefined|[Uu]nbound|[Nn]ot (in scope|defined|bound|found)|[Nn]o such|[Uu]ndeclared

def main (xs: [n]i32) = xs
