-- Checker stress (inference/sizes/uniqueness): uniq4.fut
-- ==
-- input { [1,2,3] } output { [5,2,3] }
def main (xs: []i32) = let ys = copy xs let ys[0] = 5 in ys
