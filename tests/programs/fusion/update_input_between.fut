-- The producer's input is updated in place before the consumer runs.
-- ==
-- input { [1, 2, 3] } output { [100, 2, 3] 12 }
def main (xs: *[]i32) =
  let ys = map (* 2) xs
  let xs' = xs with [0] = 100
  let s = reduce (+) 0 ys
  in (xs', s)
