-- spread places values at indices, with a default elsewhere.
-- ==
-- input { [0i64, 2i64] [5, 6] } output { [5, -1, 6, -1] }
def main (is: []i64) (vs: []i32) = spread 4 (-1) is vs
