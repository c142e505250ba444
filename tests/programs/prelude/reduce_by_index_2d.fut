-- reduce_by_index_2d accumulates into a matrix.
-- ==
-- input { [0i64, 1i64, 0i64] [0i64, 1i64, 0i64] [1, 2, 3] } output { [[4, 0], [0, 2]] }
def main (is: []i64) (js: []i64) (vs: []i32) =
  reduce_by_index_2d (replicate 2 (replicate 2 0)) (+) 0 (zip is js) vs
