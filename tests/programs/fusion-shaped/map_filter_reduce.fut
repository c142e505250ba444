-- map, filter and reduce chained.
-- ==
-- input { [1, 2, 3, 4, 5, 6] } output { 36 }
def main (xs: []i32) = xs |> map (* 2) |> filter (> 4) |> reduce (+) 0
