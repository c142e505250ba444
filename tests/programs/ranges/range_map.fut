-- Mapping over a range.
-- ==
-- input { 4i64 } output { [0i64, 1i64, 4i64, 9i64] }
def main (n: i64) = map (\i -> i * i) (0..<n)
