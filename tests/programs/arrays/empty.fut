-- Empty arrays of several types and ranks.
-- ==
-- input { empty([0]i32) } output { 0i64 empty([0]i32) }
-- input { [1] } output { 1i64 [2] }
def main (xs: []i32) = (length xs, map (* 2) xs)
