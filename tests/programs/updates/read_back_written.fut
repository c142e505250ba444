-- An element read back at the index an update just wrote is the value written (no
-- read); the update still fails out of bounds (Futhark's inplace6).
-- ==
-- input { [1, 2, 3] 0i64 42 } output { 42 [42, 2, 3] }
-- input { [1, 2, 3] 6i64 42 } error: out of bounds
-- structure { Index 0 }

def main (xs: *[]i32) (i: i64) (v: i32) =
  let xs[i] = v
  in (xs[i], xs)
