-- Hyperbolic functions and their inverses.
-- ==
-- input { 1.0 } output { 1.175201 1.543081 0.761594 0.881374 0.0 f64.inf }
-- input { 0.5 } output { 0.521095 1.127626 0.462117 0.481212 f64.nan 0.549306 }
def main (x: f64) = (f64.sinh x, f64.cosh x, f64.tanh x, f64.asinh x, f64.acosh x, f64.atanh x)
