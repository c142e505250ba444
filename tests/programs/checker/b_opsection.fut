-- Checker stress (inference/sizes/uniqueness): b_opsection.fut
-- ==
-- input { [1,2,3] } output { [true,false,false] }
def main (xs: []i32) = map (==1) xs
