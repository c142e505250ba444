-- In-place update with `let a[i] = v`.
-- ==
-- input { [0, 0, 0] } output { [0, 5, 0] }
def main (xs: *[]i32) =
  let xs[1] = 5
  in xs
