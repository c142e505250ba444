-- Unbounded recursion is a located run-time error, not a crash; deep but finite
-- recursion still works.
-- ==
-- input { 100000i64 } output { 100000i64 }
-- input { 100000000i64 } error: Stack overflow
def rec (n: i64) : i64 = if n == 0 then 0 else 1 + rec (n - 1)
def main (n: i64) = rec n
