-- The body returns the outside array `ys` for the observed parameter `b`; the
-- result for the consumed parameter `a` is still fresh and may be updated.
-- ==
-- input { [1, 2, 3] [4, 5] } output { [1, 7, 3] [4, 5] }

def main (xs: []i32) (ys: []i32) =
  let (a, b) = loop (a, b) = (copy xs, ys) for i < 2 do (a with [0] = i32.i64 i, ys)
  let a[1] = 7
  in (a, b)
