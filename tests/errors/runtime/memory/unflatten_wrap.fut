-- Sizes whose product wraps around 2^64 to the length: `[2^32][2^32]` is not a shape of
-- an empty array (the interpreter made that view and read other memory through it).
-- ==
-- input { 2i64 3i64 } output { [0i64, 0i64] }
-- input { 4294967296i64 4294967296i64 } error: cannot reshape|out of memory

def main (n: i64) (m: i64) =
  let xs = unflatten (replicate (n * m) 0i64 :> [n * m]i64)
  in [xs[0, 0], xs[n - 1, m - 1]]
