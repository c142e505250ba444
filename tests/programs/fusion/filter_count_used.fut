-- The filter's count is also used: the filter must stay a separate statement.
-- ==
-- input { [3, -1, 4, -5] } output { 7 2 [3, 4] }
def main (xs: []i32) =
  let ys = filter (> 0) xs
  in (reduce (+) 0 ys, length ys, ys)
