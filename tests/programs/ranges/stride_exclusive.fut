-- An exclusive range with a stride: 0..2..<n.
-- ==
-- input { 10i64 } output { [0i64, 2i64, 4i64, 6i64, 8i64] }
-- input { 9i64 } output { [0i64, 2i64, 4i64, 6i64, 8i64] }
def main (n: i64) = 0..2..<n
