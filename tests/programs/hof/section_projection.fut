-- Projection sections (.0) and (.1).
-- ==
-- input { [1, 2] [3, 4] } output { [1, 2] [3, 4] }
def main (xs: []i32) (ys: []i32) =
  let ps = zip xs ys
  in (map (.0) ps, map (.1) ps)
