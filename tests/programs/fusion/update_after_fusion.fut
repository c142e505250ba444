-- An in-place update of a map's result after a reduction over it.
-- ==
-- input { [1, 2, 3] } output { [12, 4, 6] 12 }
def main (xs: []i32) =
  let ys = map (* 2) xs
  let s = reduce (+) 0 ys
  let zs = ys with [0] = s
  in (zs, s)
