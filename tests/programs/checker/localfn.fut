-- Checker stress (inference/sizes/uniqueness): localfn.fut
-- ==
-- input { [1,2,3] } output { [3,4,5] }
def main (xs: []i32) = let g y = y + 2 in map g xs
