-- Checker stress (inference/sizes/uniqueness): b_unflat.fut
-- ==
-- input { [1,2,3,4] } output { [[1,2],[3,4]] }
def main (xs: []i32) = unflatten (xs :> [2*2]i32)
