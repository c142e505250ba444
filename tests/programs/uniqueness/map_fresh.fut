-- Arrays created by map are unique and can be updated.
-- ==
-- input { [1, 2, 3] } output { [2, 99, 4] }
def main (xs: []i32) =
  let ys = map (+ 1) xs
  let ys[1] = 99
  in ys
