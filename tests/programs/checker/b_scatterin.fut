-- Checker stress (inference/sizes/uniqueness): b_scatterin.fut
-- ==
-- input { [1,2,3] } output { [0,2,0] }
def main (xs: *[]i32) = scatter xs [0, 2] [0, 0]
