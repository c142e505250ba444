-- transpose of a matrix with no rows has rows of length zero.
-- ==
-- input { empty([0][2]i32) } output { [0i64, 0i64] }
def main (a: [][2]i32) = map length (transpose a)
