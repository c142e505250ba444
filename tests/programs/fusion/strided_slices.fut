-- Maps over slices (shifted, strided, rows of a matrix) read the source array in place.
-- ==
-- input { [1, 2, 3, 4, 5] } output { [3, 5, 7, 9] [2, 6, 10] [4, 8] 12 }
-- input { [1, 2, 3, 4] } output { [3, 5, 7] [2, 6] [4, 8] 7 }
-- input { [7] } error: Index \[1:4:2\] out of bounds
-- input { empty([0]i32) } error: out of bounds
def main [n] (xs: [n]i32) =
  let d = map2 (+) xs[1:] (xs[:n - 1] :> [n - 1]i32)
  let e = map (* 2) xs[::2]
  let f = map (* 2) xs[1:4:2]
  let s = reduce (+) 0 xs[2:]
  in (d, e, f, s)
