-- A map producing indices and values for a scatter.
-- ==
-- input { [0, 1, 2, 3] } output { [30, 20, 10, 0] }
def main [n] (xs: [n]i32) =
  scatter (replicate n 0) (map (\i -> n - 1 - i) (iota n)) (map (* 10) xs)
