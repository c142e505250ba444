-- Float literals with suffixes, exponents, and the unsuffixed default f64.
-- ==
-- input {} output { 1.5f32 0.25f32 133700.0 2.5 1000.0 }
def main : (f32, f32, f64, f64, f64) =
  (1.5f32, 2.5e-1f32, 1337e2f64, 2.5, 1e3)
