-- map, filter, map and reduce: one kernel whose map lambda selects the neutral element.
-- ==
-- structure { Screma 1 Filter 0 Map 0 }
-- input { [1, 2, 3, 4, 5, 6] } output { 40 }
-- input { empty([0]i32) } output { 0 }
def main (xs: []i32) = xs |> map (* 2) |> filter (> 4) |> map (\x -> x + 1) |> reduce (+) 0
