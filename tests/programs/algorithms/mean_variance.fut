-- Mean and variance of an f64 array.
-- ==
-- input { [2.0, 4.0, 4.0, 4.0, 5.0, 5.0, 7.0, 9.0] } output { 5.0 4.0 }
def main [n] (xs: [n]f64) =
  let mean = f64.sum xs / f64.i64 n
  let var = f64.sum (map (\x -> (x - mean) ** 2) xs) / f64.i64 n
  in (mean, var)
