-- Several compositions chained together.
-- ==
-- input { 3 } output { 64 }
def main (x: i32) = ((+ 1) >-> (* 2) >-> (\y -> y * y)) x
