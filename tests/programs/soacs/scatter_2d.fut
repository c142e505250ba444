-- scatter_2d writes values at 2-D indices.
-- ==
-- input { [1i64, 0i64] [0i64, 1i64] [7, 8] } output { [[0, 8], [7, 0]] }
def main (is: []i64) (js: []i64) (vs: []i32) =
  scatter_2d (replicate 2 (replicate 2 0)) (zip is js) vs
