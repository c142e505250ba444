-- i64 arithmetic wraps around.
-- ==
-- input { 9223372036854775807i64 } output { -9223372036854775808i64 -2i64 }
def main (x: i64) = (x + 1, x * 2)
