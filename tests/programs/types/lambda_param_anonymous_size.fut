-- A lambda parameter's `[]` is inferred from what the lambda is applied to, so a scan
-- or a map of such lambdas keeps the rows' size (it was unknown).
-- ==
-- input { [[1.0, 2.0], [3.0, 4.0]] } output { [[1.0, 2.0], [3.0, 8.0]] }
def main [n][m] (xss: [n][m]f64) : [n][m]f64 =
  let yss = scan (\(x: []f64) (y: []f64) -> map2 (*) x y) (replicate m 1) xss
  in map (\(r: []f64) -> r) yss
