-- A loop may permute its parameters, so each array of its result may alias any
-- observed part of the initial value: here `a` is `ys` after one iteration, and `ys`
-- is consumed before `a` is used.
-- ==
-- error: Using `a`, but this was consumed

def main (xs: []i32) (ys: *[]i32) =
  let (a, _) = loop (a, b) = (xs, ys) for _i < 1 do (b, a)
  let ys[0] = 42
  in a
