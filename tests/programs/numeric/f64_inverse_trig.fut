-- asin, acos and atan.
-- ==
-- input { 1.0 } output { 1.570796 0.0 0.785398 }
-- input { 0.0 } output { 0.0 1.570796 0.0 }
-- input { -0.5 } output { -0.523599 2.094395 -0.463648 }
def main (x: f64) = (f64.asin x, f64.acos x, f64.atan x)
