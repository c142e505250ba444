-- f64.maximum of an empty array is negative infinity.
-- ==
-- input { empty([0]f64) } output { -f64.inf f64.inf 0.0 1.0 }
def main (xs: []f64) = (f64.maximum xs, f64.minimum xs, f64.sum xs, f64.product xs)
