-- Checker stress (inference/sizes/uniqueness): sizeret.fut
-- ==
-- input { 3i64 } output { [0,1,2] }
def mk (n: i64) : [n]i32 = map i32.i64 (iota n)
def main n = mk n
