-- unflatten with sizes taken from parameters.
-- ==
-- input { 2i64 3i64 [1, 2, 3, 4, 5, 6] } output { [[1, 2, 3], [4, 5, 6]] }
def main (n: i64) (m: i64) (xs: []i32) : [n][m]i32 = unflatten (xs :> [n * m]i32)
