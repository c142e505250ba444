-- Maps producing and consuming tuples (several arrays per map).
-- ==
-- input { [1, 2, 3] } output { [3, 7, 13] 14 [-1, 1, 5] }
def main (xs: []i32) =
  let (a, b) = unzip (map (\x -> (x * x, x + 1)) xs)
  let c = map2 (\u v -> u + v) a b
  in (c, reduce (+) 0 a, map2 (-) a b)
