-- Swapping two elements with in-place updates.
-- ==
-- input { [1, 2, 3, 4] 0i64 3i64 } output { [4, 2, 3, 1] }
-- input { [1, 2, 3, 4] 2i64 2i64 } output { [1, 2, 3, 4] }
def main (xs: *[]i32) (i: i64) (j: i64) =
  let a = xs[i]
  let b = xs[j]
  let xs[i] = b
  let xs[j] = a
  in xs
