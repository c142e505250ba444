-- A loop whose parameters swap places: consuming one consumes the array the other
-- became (Futhark: "Using variable ys, but this was consumed").
-- Loom: accepted.
-- ==
-- error: consumed
def main (n: i64) =
  let (xs, ys) = loop (xs, ys) = (replicate 3 0i32, replicate 3 1i32) for i < n do
    let xs[0] = 5 in (ys, xs)
  in (xs, ys[0])
