-- A map over the columns of a matrix reads the matrix in place (no transposed copy).
-- ==
-- input { [[1, 2, 3], [4, 5, 6]] } output { [5, 7, 9] [4, 10, 18] }
-- input { empty([0][3]i32) } error: Index \[0\] out of bounds for array of shape \[0\]
-- input { empty([2][0]i32) } output { empty([0]i32) empty([0]i32) }
def main [n][m] (a: [n][m]i32) =
  let t = transpose a
  in (map (\c -> reduce (+) 0 c) t, map (\c -> c[0] * c[n - 1]) t)
