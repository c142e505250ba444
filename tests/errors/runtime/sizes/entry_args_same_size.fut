-- main requires both arrays to have the same size n: the call is rejected up front,
-- at the entry point, naming the arguments (not later, inside map2).
-- ==
-- input { [1,2] [3,4] } output { [4,6] }
-- input { [1,2,3] [1,2] } error: entry point `main`: argument `ys` has size 2 in dimension 1, but `n` = 3 from dimension 1 of `xs`

def main [n] (xs: [n]i32) (ys: [n]i32) = map2 (+) xs ys
