-- Division by zero on floats yields infinities and NaN.
-- ==
-- input { 1.0 0.0 } output { f64.inf }
-- input { -1.0 0.0 } output { -f64.inf }
-- input { 0.0 0.0 } output { f64.nan }
def main (x: f64) (y: f64) = x / y
