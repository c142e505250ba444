-- assert fails when its condition is false.
-- ==
-- input { 5 } output { 5 }
-- input { 0 } error: [Aa]ssert
-- input { -3 } error: [Aa]ssert

def main (x: i32) = assert (x > 0) x
