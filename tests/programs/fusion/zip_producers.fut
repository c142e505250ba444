-- A zip of two different producers feeding one consumer.
-- ==
-- structure { Screma 1 Map 0 }
-- input { [1, 2, 3] [10, 20, 30] } output { [21, 42, 63] 126 }
def main [n] (xs: [n]i32) (ys: [n]i32) =
  let a = map (* 2) ys
  let b = map (+ 0) xs
  let c = map2 (\u v -> u + v) a b
  in (c, reduce (+) 0 c)
