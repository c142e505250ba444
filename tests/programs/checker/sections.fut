-- Checker stress (inference/sizes/uniqueness): sections.fut
-- ==
-- input { [1,2,3] } output { [9,8,7] [0,0,1] }
def main (xs: []i32) = (map (10-) xs, map (/3) xs)
