-- sqrt of a negative number is NaN; of infinity is infinity.
-- ==
-- input { -1.0 } output { f64.nan }
-- input { f64.inf } output { f64.inf }
-- input { 9.0 } output { 3.0 }
def main (x: f64) = f64.sqrt x
