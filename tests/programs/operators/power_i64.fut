-- i64 exponentiation.
-- ==
-- input { 3i64 3i64 } output { 27i64 }
-- input { 10i64 18i64 } output { 1000000000000000000i64 }
def main (x: i64) (y: i64) = x ** y
