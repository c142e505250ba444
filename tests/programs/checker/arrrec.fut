-- Checker stress (inference/sizes/uniqueness): arrrec.fut
-- ==
-- input { [1,2] } output { [1,2] }
def main (xs: []i32) = let rs = map (\x -> {x}) xs in map (\r -> r.x) rs
