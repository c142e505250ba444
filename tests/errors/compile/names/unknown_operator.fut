-- The operator `+++` is not defined.
-- ==
-- error: [Uu]nknown|[Uu]ndefined|[Uu]nbound|[Nn]ot (in scope|defined|bound|found)|[Nn]o such|[Uu]ndeclared|[Oo]perator

def main (x: i32) (y: i32) = x +++ y
