-- Converting whole floats and negative zero to integers.
-- ==
-- input { -0.0 1e10 } output { 0 10000000000i64 }
def main (x: f64) (y: f64) = (i32.f64 x, i64.f64 y)
