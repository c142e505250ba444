-- Checker stress (inference/sizes/uniqueness): unzip.fut
-- ==
-- input { [1,2] } output { [1,2] [2,4] }
def main (xs: []i32) = unzip (map (\x -> (x, x*2)) xs)
