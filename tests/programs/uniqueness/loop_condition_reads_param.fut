-- A while loop whose initial value consumes `xs` may read its own parameter and
-- a copy of `xs` in its condition, and iterate over a copy in a for-in loop.
-- ==
-- input { [3, 2, 0, 5] } output { [0, 0, 0, 5] 6 }

def main (xs: *[]i32) : ([]i32, i32) =
  let orig = copy xs
  let (ys, _) =
    loop (ys, i) = (xs, 0)
    while i < 4 && ys[i] > 0 && orig[i] > 0 do
      (ys with [i] = 0, i + 1)
  let s = loop s = 0 for x in copy ys do s + x
  let t = loop zs = ys for x in orig do zs with [3] = zs[3] + x - x
  in (t, s + 1)
