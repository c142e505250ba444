-- A filtered maximum: rows that are dropped must give the neutral element, not 0.
-- ==
-- input { [-7, -3, -9] } output { -3 -2147483648 }
-- input { [5, -3, 8] } output { -3 8 }
def main (xs: []i32) =
  (reduce i32.max i32.lowest (filter (< 0) xs), reduce i32.max i32.lowest (filter (> 5) xs))
