-- hypot, lerp, mad and fma.
-- ==
-- input { 3.0 4.0 } output { 5.0 3.25 16.0 16.0 }
def main (x: f64) (y: f64) = (f64.hypot x y, f64.lerp x y 0.25, f64.mad x y 4.0, f64.fma x y 4.0)
