-- Checker stress (inference/sizes/uniqueness): b_zipunzip.fut
-- ==
-- input { [1,2] [3,4] } output { [3,4] [1,2] }
def main [n] (xs: [n]i32) (ys: [n]i32) = let (a, b) = unzip (zip ys xs) in (a, b)
