-- Nested maps with inner reductions over maps of the rows.
-- ==
-- input { [[1, 2], [3, 4], [5, 6]] } output { [5, 25, 61] [3, 7, 11] }
def main (a: [][]i32) =
  let sq = map (\row -> reduce (+) 0 (map (\x -> x * x) row)) a
  let s = map (\row -> row |> map (+ 0) |> reduce (+) 0) a
  in (sq, s)
