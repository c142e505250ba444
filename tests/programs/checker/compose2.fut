-- Checker stress (inference/sizes/uniqueness): compose2.fut
-- ==
-- input { [1,2,3] } output { [3,5,7] }
def main (xs: []i32) = map ((+1) <-< (*2)) xs
