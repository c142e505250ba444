-- Checker stress (inference/sizes/uniqueness): b_ifarr.fut
-- ==
-- input { true [1,2] [3] } output { [1,2] }
def main b (xs: []i32) (ys: []i32) = if b then xs else ys
