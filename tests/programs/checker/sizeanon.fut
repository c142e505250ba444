-- Checker stress (inference/sizes/uniqueness): sizeanon.fut
-- ==
-- input { [1,2,3,4] } output { [1,2] }
def main (xs: []i32) = take 2 xs
