-- Size parameters for both dimensions of a matrix.
-- ==
-- input { [[1, 2, 3], [4, 5, 6]] } output { 2i64 3i64 }
def main [n] [m] (a: [n][m]i32) = (n, m)
