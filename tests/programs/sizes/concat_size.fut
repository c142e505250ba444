-- Concatenation has the sum of the sizes.
-- ==
-- input { [1, 2] [3] } output { 3i64 [1, 2, 3] }
def cat [n] [m] (xs: [n]i32) (ys: [m]i32) : [n + m]i32 = xs ++ ys
def main [n] [m] (xs: [n]i32) (ys: [m]i32) = let zs = cat xs ys in (length zs, zs)
