-- assert inside a helper function.
-- ==
-- input { 4.0 } output { 2.0 }
-- input { -1.0 } error: [Aa]ssert

def checked_sqrt (x: f64) = assert (x >= 0) (f64.sqrt x)

def main (x: f64) = checked_sqrt x
