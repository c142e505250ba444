-- A failing index between a producer and its reduction.
-- ==
-- input { [1, 2, 3] 1i64 } output { 14 }
-- input { [1, 2, 3] 5i64 } error: out of bounds
def main (xs: []i32) (i: i64) =
  let ys = map (* 2) xs
  let a = xs[i]
  in a + reduce (+) 0 ys
