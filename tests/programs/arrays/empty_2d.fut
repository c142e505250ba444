-- Empty two-dimensional arrays keep their inner size.
-- ==
-- input { empty([0][3]i32) } output { 0i64 empty([0]i32) }
-- input { [[1, 2, 3]] } output { 1i64 [6] }
def main (a: [][3]i32) = (length a, map i32.sum a)
