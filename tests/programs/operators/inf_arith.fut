-- Arithmetic with infinities.
-- ==
-- input { f64.inf } output { f64.inf f64.nan -f64.inf true }
def main (x: f64) = (x + 1.0, x - x, -x, x > 1e300)
