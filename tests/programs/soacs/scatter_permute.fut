-- scatter used to apply a permutation.
-- ==
-- input { [10, 20, 30] [2i64, 0i64, 1i64] } output { [20, 30, 10] }
def main [n] (xs: [n]i32) (perm: [n]i64) = scatter (replicate n 0) perm xs
