-- A replicated input is the replicated value in each row: no array is made.
-- ==
-- input { [1, 2, 3] 4 } output { [2, 4, 6] [5, 6, 7] 18 }
-- input { empty([0]i32) 4 } output { empty([0]i32) empty([0]i32) 0 }
def main [n] (xs: [n]i32) (k: i32) =
  let ys = map2 (*) xs (replicate n 2)
  let zs = map2 (+) xs (replicate n k)
  let s = reduce (+) 0 (map2 (+) xs (replicate n 4))
  in (ys, zs, s)
