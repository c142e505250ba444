-- copysign and ldexp.
-- ==
-- input { 3.0 -1.0 } output { -3.0 3.0 12.0 0.375 }
def main (x: f64) (y: f64) = (f64.copysign x y, f64.copysign x (-y), f64.ldexp 1.5 3, f64.ldexp 1.5 (-2))
