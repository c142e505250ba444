-- Arrays of f64 and their sum.
-- ==
-- input { [0.5, 0.25, 0.125] } output { 0.875 }
-- input { empty([0]f64) } output { 0.0 }
def main (xs: []f64) = f64.sum xs
