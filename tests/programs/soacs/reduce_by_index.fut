-- reduce_by_index accumulates values into bins.
-- ==
-- input { [0i64, 1i64, 0i64, 2i64, 1i64] [1, 2, 3, 4, 5] } output { [4, 7, 4] }
def main (is: []i64) (vs: []i32) = reduce_by_index (replicate 3 0) (+) 0 is vs
