-- Coercing an array to a size known to be equal with :>.
-- ==
-- input { [1, 2, 3] [4, 5, 6] } output { [4, 10, 18] }
def main [n] [m] (xs: [n]i32) (ys: [m]i32) = map2 (*) xs (ys :> [n]i32)
