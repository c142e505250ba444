-- split divides an array at a position given by the sizes.
-- ==
-- input { 1i64 [1, 2, 3] } output { [1] [2, 3] }
-- input { 3i64 [1, 2, 3] } output { [1, 2, 3] empty([0]i32) }
def main [n] (k: i64) (xs: [n]i32) =
  let (a: [k]i32, b: [n - k]i32) = split (xs :> [k + (n - k)]i32)
  in (a, b)
