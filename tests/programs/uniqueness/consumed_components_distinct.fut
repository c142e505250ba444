-- Two unique components of one tuple argument that are separate arrays.
-- ==
-- input { 3i64 } output { 1i64 }

def reset (row: *[]i64, rows: *[][]i64) : i64 =
  let row[0] = 0
  let rows[0, 0] = 1
  in row[0] + rows[0, 0]

def main (n: i64) =
  let rows = replicate n (iota n)
  in reset (copy rows[0], rows)
