-- reduce over tuples: the index of the maximum.
-- ==
-- input { [3, 9, 2, 9, 1] } output { 9 1i64 }
def main [n] (xs: [n]i32) =
  reduce (\(a, i) (b, j) -> if a > b || (a == b && i < j) then (a, i) else (b, j))
         (i32.lowest, -1) (zip xs (iota n))
