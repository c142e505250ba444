-- Two maps reading the same input, zipped together afterwards.
-- ==
-- input { [1, 2, 3] } output { [3, 7, 13] }
def main (xs: []i32) =
  let a = map (+ 1) xs
  let b = map (\x -> x * x) xs
  in map2 (+) a b
