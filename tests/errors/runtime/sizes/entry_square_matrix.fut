-- A square matrix parameter: both dimensions of one argument are n.
-- ==
-- input { [[1,2],[3,4]] } output { [1,4] }
-- input { [[1,2,3],[4,5,6]] } error: entry point `main`: argument `a` has size 3 in dimension 2, but `n` = 2 from dimension 1 of `a`

def main [n] (a: [n][n]i32) = map (\i -> a[i, i]) (iota n)
