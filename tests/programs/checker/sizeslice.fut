-- Checker stress (inference/sizes/uniqueness): sizeslice.fut
-- ==
-- input { [1,2,3,4] } output { [2,3] }
def main (xs: []i32) = xs[1:3]
