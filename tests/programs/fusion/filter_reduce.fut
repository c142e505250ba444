-- A filter feeding a sum: fuses into one redomap (the count is not used).
-- ==
-- structure { Screma 1 Filter 0 }
-- input { [3, -1, 4, 1, -5, 9, 2, 6] } output { 25 }
-- input { empty([0]i32) } output { 0 }
-- input { [-1, -2] } output { 0 }
def main (xs: []i32) = xs |> filter (> 0) |> reduce (+) 0
