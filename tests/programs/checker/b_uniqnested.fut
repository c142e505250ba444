-- Checker stress (inference/sizes/uniqueness): b_uniqnested.fut
-- ==
-- input { 2i64 } output { [[1,0],[0,0]] }
def main n = let m = replicate n (replicate n 0i32) let m[0,0] = 1 in m
