-- length of the outer and inner dimensions.
-- ==
-- input { [[1, 2, 3], [4, 5, 6]] } output { 2i64 3i64 }
def main [n] [m] (a: [n][m]i32) = (length a, length a[0])
