-- A for-in loop over a range.
-- ==
-- input { 5i64 } output { 15i64 }
def main (n: i64) = loop s = 0 for i in 1...n do s + i
