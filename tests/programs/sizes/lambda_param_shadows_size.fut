-- A lambda's parameter named as a size in scope (`\k x -> ...` with x: [k]f32, k the
-- entry's size) is the parameter in the lambda's body, not x's size.
-- ==
-- input { [10i64, 20i64] [[1f32, 2f32], [3f32, 4f32]] } output { [11i64, 23i64] }
-- input { [10i64] [[1f32, 2f32, 5f32]] } output { [11i64] }

entry main [k] (ks: []i64) (xs: [][k]f32) = map2 (\k x -> k + i64.f32 x[0]) ks xs
