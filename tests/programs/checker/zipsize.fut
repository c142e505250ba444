-- Checker stress (inference/sizes/uniqueness): zipsize.fut
-- ==
-- input { [1,2,3] } output { [1,2] }
def main [n] (xs: [n]i32) = let ys = xs[0:n-1] in map2 (\a _ -> a) ys (xs[1:] :> [n-1]i32)
