-- Checker stress (inference/sizes/uniqueness): b_namedreturn.fut
-- ==
-- input { 3i64 } output { [0i64,1i64,2i64] }
def main (n: i64) : [n]i64 = iota n
