-- Checker stress (inference/sizes/uniqueness): replicatemat.fut
-- ==
-- input { 2i64 3i64 } output { [[0,0,0],[0,0,0]] }
def mat (n: i64) (m: i64) : [n][m]i32 = replicate n (replicate m 0)
def main n m = mat n m
