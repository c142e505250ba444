-- log of zero is negative infinity; of a negative number NaN.
-- ==
-- input { 0.0 } output { -f64.inf }
-- input { -1.0 } output { f64.nan }
def main (x: f64) = f64.log x
