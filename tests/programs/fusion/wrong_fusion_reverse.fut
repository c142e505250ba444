-- A consumer reading the producer at other rows (reversed): fusing row by row would be wrong.
-- ==
-- input { [1, 2, 3, 4] } output { [6, 5, 4, 3] }
def main [n] (xs: [n]i32) =
  let ys = map (+ 2) xs
  in map (\i -> ys[n - 1 - i]) (iota n)
