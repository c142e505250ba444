-- gamma, lgamma, erf and erfc.
-- ==
-- input { 5.0 } output { 24.0 3.178054 1.0 0.0 }
-- input { 1.0 } output { 1.0 0.0 0.842701 0.157299 }
def main (x: f64) = (f64.gamma x, f64.lgamma x, f64.erf x, f64.erfc x)
