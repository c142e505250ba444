-- Checker stress (inference/sizes/uniqueness): uniq5.fut
-- ==
-- input { 3i64 } output { [1,1,1] }
def mk (n: i64) : *[]i32 = replicate n 1
def main n = let a = mk n let a[0] = 1 in a
