-- take and drop.
-- ==
-- input { 2i64 [1, 2, 3, 4] } output { [1, 2] [3, 4] }
-- input { 0i64 [1, 2, 3, 4] } output { empty([0]i32) [1, 2, 3, 4] }
-- input { 4i64 [1, 2, 3, 4] } output { [1, 2, 3, 4] empty([0]i32) }
def main (k: i64) (xs: []i32) = (take k xs, drop k xs)
