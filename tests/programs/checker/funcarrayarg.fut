-- Checker stress (inference/sizes/uniqueness): funcarrayarg.fut
-- ==
-- input { [1,2,3] } output { [1,4,9] }
def sq [n] (xs: [n]i32) : [n]i32 = map (\x -> x*x) xs
def main xs = sq xs
