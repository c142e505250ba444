-- A slice with equal start and end is empty.
-- ==
-- input { [1, 2, 3] 2i64 } output { empty([0]i32) }
-- input { [1, 2, 3] 0i64 } output { empty([0]i32) }
def main (xs: []i32) (i: i64) = xs[i:i]
