-- A function whose result type is not written returns a fresh (unique) array when
-- its result aliases nothing, as Futhark infers: a caller may update it in place,
-- even into the array its argument came from.
-- ==
-- input { [[1, 2], [3, 4]] } output { [[2, 3], [3, 4]] [5, 0] }
def inc xs = map (+ 1i32) xs
def pair (x: i32) = (replicate 2 x, 0i32)
def main (xss: *[][]i32) =
  let xss[0] = inc xss[0]
  let (ys, _) = pair 5
  let ys[1] = 0
  in (xss, ys)
