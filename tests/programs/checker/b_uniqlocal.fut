-- Checker stress (inference/sizes/uniqueness): b_uniqlocal.fut
-- ==
-- input { [1,2] } output { [7,2] }
def main (xs: []i32) = let upd (ys: *[]i32) = ys with [0] = 7 in upd (copy xs)
