-- Rows of a matrix slice, and a row's slice inside a map, read the matrix in place.
-- ==
-- input { [[1, 2, 3], [4, 5, 6], [7, 8, 9]] 1i64 } output { [15, 24] [5, 6] }
-- input { [[1, 2, 3], [4, 5, 6], [7, 8, 9]] 4i64 } error: Index \[4:\] out of bounds
def main [n][m] (a: [n][m]i32) (k: i64) =
  let r = map (\row -> reduce (+) 0 row) a[k:]
  let c = map (\x -> x) a[1, k:]
  in (r, c)
