-- Using the array passed for a unique loop parameter after the loop.
-- ==
-- error: consumed
def main (xs: *[]f64) (n: i64) =
  let (a, b) = loop (acc, arr: *[]f64) = (xs[0], xs) for i < n do
    (acc, arr with [0] = 1)
  in (a, b, xs)
