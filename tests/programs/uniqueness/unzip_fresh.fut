-- A top-level function's result aliases its arguments only (Futhark's rule): unzip of
-- a fresh array is fresh, so it may be returned unique and updated in place, and a
-- helper's result is no top-level array.
-- ==
-- input { [1, 2, 3] } output { [10, 2, 3] [1, 4, 9] [3, 2, 1] }

def squares_of [n] (xs: [n]i32) : *[n]i32 =
  let (_, ys) = unzip (map (\x -> (x, x * x)) xs)
  in ys

def reversed [n] (xs: [n]i32) : [n]i32 = reverse xs

def main [n] (xs: [n]i32) =
  let (a, _) = unzip (zip (copy xs) xs)
  let a[0] = 10
  let r = copy (reversed xs)
  let r[0] = r[0]
  in (a, squares_of xs, r)
