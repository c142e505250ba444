-- Three arguments share n; the third disagrees with the first.
-- ==
-- input { [1,2] [1f32,2f32] [3i64,4i64] } output { [5f32,8f32] }
-- input { [1,2] [1f32,2f32] [3i64] } error: entry point `main`: argument `zs` has size 1 in dimension 1, but `n` = 2 from dimension 1 of `xs`

def main [n] (xs: [n]i32) (ys: [n]f32) (zs: [n]i64) =
  map3 (\x y z -> f32.i32 x + y + f32.i64 z) xs ys zs
