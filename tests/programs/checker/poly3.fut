-- Checker stress (inference/sizes/uniqueness): poly3.fut
-- ==
-- input { [1,2,3] } output { [2,3,4] }
def twice f x = f (f x)
def main (xs: []i32) = map (twice (\x -> x)) (map (+1) xs)
