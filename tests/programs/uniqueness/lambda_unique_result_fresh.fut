-- A lambda with a unique result that returns a fresh array, one whose unique
-- parameter it returns, and one returning an outer array it does not own.
-- ==
-- input { [[1, 2], [3, 4]] } output { [[1, 2], [3, 4]] [[9, 2], [9, 4]] [[5, 6], [5, 6]] }

def main (rows: [][]i32) =
  let a = map (\(row: []i32) : *[]i32 -> copy row) rows
  let b = map (\(row: []i32) -> (\(r: *[]i32) : *[]i32 -> r with [0] = 9) (copy row)) rows
  let c = map (\_ -> (\(_: i32) : []i32 -> [5, 6]) 0) rows
  in (a, b, c)
