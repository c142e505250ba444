-- When `swap` is false the if returns `(buf, buf)`: both components are the same
-- array.  The other branch consumes `buf`, which must not make the checker forget
-- that, so updating `lo` makes `hi` unusable.  Futhark: "Using result of
-- if-expression, but this was consumed".
-- ==
-- error: Using `hi`, which aliases the result of the if-expression

def main (swap: bool) (buf: *[]f32) (x: *[]f32) (y: *[]f32) =
  let (lo, hi) = if swap then (let _ = buf with [0] = 1 in (x, y)) else (buf, buf)
  let lo[0] = 2
  in hi
