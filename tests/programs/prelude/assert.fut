-- assert passes its value through when the condition holds.
-- ==
-- input { 4 } output { 2 }
-- input { 9 } output { 3 }
def main (x: i32) = assert (x >= 0) (i32.f64 (f64.sqrt (f64.i32 x)))
