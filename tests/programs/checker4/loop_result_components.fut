-- Per-component loop results: a unique loop parameter's result is fresh, so it
-- can be consumed later even though another component aliases a parameter.
-- ==
-- input { [1,2,3] [4,5,6] }
-- output { [1,2,3] [1,2,3] [0,0,6] [3,2,3] [1,2,3] }
def main (xs: []i32) (ys: *[]i32) =
  let (a, b) = loop (a, b) = (xs, ys) while length a > 100 do (a, b with [0] = 1)
  let (c, d) = loop (c, d: *[]i32) = (a, copy xs) for x in xs do (c, d with [0] = x)
  let (e, f) = loop (e: *[]i32, f) = (b, d) for i < 2 do (e with [i] = 0, f)
  in (a, c, e, f, xs)
