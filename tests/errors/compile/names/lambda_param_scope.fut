-- A lambda parameter is not visible outside the lambda.
-- ==
-- error: [Uu]nknown|[Uu]ndefined|[Uu]nbound|[Nn]ot (in scope|defined|bound|found)|[Nn]o such|[Uu]ndeclared

def main (xs: []i32) = map (\v -> v + 1) xs ++ [v]
