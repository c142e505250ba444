-- reduce_by_index with max.
-- ==
-- input { [0i64, 0i64, 1i64] [3, 9, -2] } output { [9, 0] }
def main (is: []i64) (vs: []i32) = reduce_by_index (replicate 2 0) i32.max i32.lowest is vs
