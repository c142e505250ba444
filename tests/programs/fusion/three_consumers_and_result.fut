-- A producer used by a reduce, a scan, a map and returned itself.
-- ==
-- structure { Screma 1 Map 0 }
-- input { [1, 2, 3] } output { [2, 3, 4] 9 [2, 5, 9] [4, 9, 16] }
def main (xs: []i32) =
  let ys = map (+ 1) xs
  in (ys, reduce (+) 0 ys, scan (+) 0 ys, map (\y -> y * y) ys)
