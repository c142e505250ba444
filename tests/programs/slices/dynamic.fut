-- Slice bounds computed at run time.
-- ==
-- input { [1, 2, 3, 4, 5] 1i64 3i64 } output { [2, 3, 4] }
-- input { [1, 2, 3, 4, 5] 0i64 5i64 } output { [1, 2, 3, 4, 5] }
def main (xs: []i32) (i: i64) (n: i64) = xs[i:i + n]
