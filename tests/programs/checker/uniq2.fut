-- Checker stress (inference/sizes/uniqueness): uniq2.fut
-- ==
-- input { [1,2,3] } output { [0,2,3] [1,2,3] }
def f (xs: *[]i32) : *[]i32 = xs with [0] = 0
def main (xs: []i32) = let ys = f (copy xs) in (ys, xs)
