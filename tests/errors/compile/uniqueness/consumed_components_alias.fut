-- Both components of `reset`'s parameter are unique, but `rows[0]` is a row of `rows`:
-- the two would be updated in place as if they were separate arrays.  Futhark:
-- "Argument passed for consuming parameter is self-aliased."
-- ==
-- error: self-aliased: components 0 and 1 are both consumed

def reset (row: *[]i64, rows: *[][]i64) : i64 =
  let row[0] = 0
  in row[0] + rows[0, 0]

def main (n: i64) =
  let rows = replicate n (iota n)
  in reset (rows[0], rows)
