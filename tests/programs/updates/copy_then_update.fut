-- Updating a copy leaves the original unchanged.
-- ==
-- input { [1, 2, 3] } output { [1, 2, 3] [100, 2, 3] }
def main (xs: []i32) =
  let ys = copy xs
  let ys[0] = 100
  in (xs, ys)
