-- indices gives the valid indices of an array.
-- ==
-- input { [7, 8, 9] } output { [0i64, 1i64, 2i64] }
def main (xs: []i32) = indices xs
