-- An inclusive range of i64 starting at zero.
-- ==
-- input { 3i64 } output { [0i64, 1i64, 2i64, 3i64] }
-- input { 0i64 } output { [0i64] }
def main (n: i64) = 0...n
