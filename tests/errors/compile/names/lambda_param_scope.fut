-- A lambda parameter is not visible outside the lambda.
-- ==
-- error: [Uu]nknown|[Uu]ndefined|[Uu]nbound|[Nn]ot (in scope|defined|bound|found)|[Nn]o such|[Uu]ndeclared

def main (x: i32) = (\v -> v + 1) x + v
