-- A checked index into a column of a transposed matrix keeps its own error message.
-- ==
-- input { [[1, 2], [3, 4], [5, 6]] 2i64 } output { [5, 6] }
-- input { [[1, 2], [3, 4], [5, 6]] 3i64 } error: Index \[3\] out of bounds for array of shape \[3\]
def main [n][m] (a: [n][m]i32) (k: i64) =
  map (\c -> c[k]) (transpose a)
