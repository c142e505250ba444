-- Remainder on positive floats.
-- ==
-- input { 7.5 2.0 } output { 1.5 }
-- input { 9.0 3.0 } output { 0.0 }
def main (x: f64) (y: f64) = x % y
