-- The loop's initial value consumes `xs` (the body updates its parameter in
-- place), but the while condition reads `xs` before every iteration.  Futhark:
-- "Loop condition uses "xs" (or an alias), but this is consumed by the initial
-- loop argument."
-- ==
-- error: Loop condition uses `xs`.*consumed by the loop's initial value

def fill (xs: *[]i32) : []i32 =
  let (ys, _) =
    loop (ys, i) = (xs, 0)
    while i < 3 && xs[i] > 0 do
      (ys with [i] = 0, i + 1)
  in ys
