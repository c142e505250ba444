-- Checker stress (inference/sizes/uniqueness): b_uniqtuple.fut
-- ==
-- input { [1,2] } output { [0,2] 1 }
def f (xs: *[]i32) : (*[]i32, i32) = let v = xs[0] in (xs with [0] = 0, v)
def main (xs: *[]i32) = f xs
