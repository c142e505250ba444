-- Checker stress (inference/sizes/uniqueness): uniq3.fut
-- ==
-- input { 4i64 } output { [0,1,2,3] }
def main (n: i64) = loop xs = replicate n 0i32 for i < n do xs with [i] = i32.i64 i
