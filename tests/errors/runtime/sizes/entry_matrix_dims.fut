-- b must be [m][n] when a is [n][m].
-- ==
-- input { [[1,2]] [[1],[2]] } output { [[2,4]] }
-- input { [[1,2]] [[1,2]] } error: entry point `main`: argument `b` has size 1 in dimension 1, but `m` = 2 from dimension 2 of `a`

def main [n] [m] (a: [n][m]i32) (b: [m][n]i32) = map2 (map2 (+)) a (transpose b)
