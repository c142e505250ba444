-- Coercing the result of a filter to a size computed separately.
-- ==
-- input { [1, -2, 3, -4] } output { [1, 3] 2i64 }
def main (xs: []i32) =
  let k = i64.sum (map (\x -> if x > 0 then 1 else 0) xs)
  let pos = filter (> 0) xs :> [k]i32
  in (pos, k)
