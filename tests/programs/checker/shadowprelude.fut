-- Checker stress (inference/sizes/uniqueness): shadowprelude.fut
-- ==
-- input { [1,2,3] } output { 100 }
def main (xs: []i32) = let map (_: i32 -> i32) (_: []i32) = 100 in map (+1) xs
