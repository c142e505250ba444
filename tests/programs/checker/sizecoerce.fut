-- Checker stress (inference/sizes/uniqueness): sizecoerce.fut
-- ==
-- input { [1,2,3] } output { [1,2,3] }
def main (xs: []i32) = let n = length xs in xs :> [n]i32
