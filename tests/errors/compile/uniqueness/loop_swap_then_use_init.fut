-- A loop parameter that only receives what was returned for a consuming one is
-- consumed, so its initial value may not be used after the loop.
-- ==
-- error: Using `b`, but this was consumed

def main (n: i64) =
  let a = replicate n 0i32
  let b = replicate n 1i32
  let (xs, _) = loop (xs, ys) = (a, b) for i < 2 do
    let xs[0] = 5 in (ys, xs)
  in (xs, b)
