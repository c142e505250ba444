-- An intermediate used twice must not be recomputed wrongly.
-- ==
-- input { [1, 2, 3] } output { [2, 4, 6] 12 }
def main (xs: []i32) =
  let ys = map (* 2) xs
  in (ys, reduce (+) 0 ys)
