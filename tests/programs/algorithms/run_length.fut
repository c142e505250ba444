-- Counting runs of equal neighbours.
-- ==
-- input { [1, 1, 2, 2, 2, 3, 1] } output { 4i64 }
-- input { [5] } output { 1i64 }
def main [n] (xs: [n]i32) =
  1 + i64.sum (map (\i -> if xs[i] != xs[i - 1] then 1 else 0) (1..<n))
