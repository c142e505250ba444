-- A scan over a map's results (scanomap), and the map's array returned as well.
-- ==
-- structure { Screma 1 Scan 0 Map 0 }
-- input { [1, 2, 3, 4] } output { [1, 5, 14, 30] [1, 4, 9, 16] }
-- input { empty([0]i32) } output { empty([0]i32) empty([0]i32) }
def main (xs: []i32) =
  let sq = map (\x -> x * x) xs
  in (scan (+) 0 sq, sq)
