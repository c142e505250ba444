-- Index of the first maximum via a reduce over index pairs.
-- ==
-- input { [1, 5, 3, 5] } output { 1i64 }
-- input { [7] } output { 0i64 }
def main [n] (xs: [n]i32) =
  let (_, i) = reduce (\(a, i) (b, j) -> if b > a || (b == a && j < i) then (b, j) else (a, i))
                      (i32.lowest, n) (zip xs (iota n))
  in i
