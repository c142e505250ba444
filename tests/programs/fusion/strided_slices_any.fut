-- Maps over slices with negative and run-time strides read the source in place too, with
-- the interpreter's defaults (a negative stride starts at the last row), counts and errors.
-- ==
-- input { [1, 2, 3, 4, 5] 2i64 }
-- output { [10, 8, 6, 4, 2] [10, 6, 2] [8, 4] [2, 6, 10] [6, 10] 9 }
-- input { [1, 2, 3, 4, 5] -2i64 }
-- output { [10, 8, 6, 4, 2] [10, 6, 2] [8, 4] [10, 6, 2] [6, 2] 9 }
-- input { [1, 2, 3, 4, 5, 6] -1i64 }
-- output { [12, 10, 8, 6, 4, 2] [12, 8, 4] [10, 6] [12, 10, 8, 6, 4, 2] [6, 4, 2] 21 }
-- input { [7] 3i64 } error: out of bounds
-- input { [1, 2, 3, 4, 5] 0i64 } error: out of bounds
-- input { empty([0]i32) 1i64 } error: out of bounds
def main [n] (xs: [n]i32) (k: i64) =
  let a = map (* 2) xs[::-1]
  let b = map (* 2) xs[::-2]
  let c = map (* 2) xs[n - 2:0:-2]
  let d = map (* 2) xs[::k]
  let e = map (* 2) xs[2::k]
  let f = reduce (+) 0 xs[::k]
  in (a, b, c, d, e, f)
