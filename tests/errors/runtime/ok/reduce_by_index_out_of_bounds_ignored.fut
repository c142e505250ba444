-- Valid: reduce_by_index and hist ignore out-of-bounds bins.
-- ==
-- input { [0i64,5i64,1i64,-2i64,1i64] } output { [1,2,0] [1,2,0] }

def main (is: []i64) =
  let vs = map (\_ -> 1i32) is
  in (reduce_by_index (replicate 3 0) (+) 0 is vs, hist (+) 0 3 is vs)
