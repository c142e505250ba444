-- SAXPY: a * x + y elementwise, one map over two f32 vectors.
-- ==
-- nobench input { 2f32 [1f32, 2f32, 3f32] [10f32, 20f32, 30f32] }
-- output { [12f32, 24f32, 36f32] }
-- notest random input { 2.5f32 [10000000]f32 [10000000]f32 }

entry main [n] (a: f32) (xs: [n]f32) (ys: [n]f32) : [n]f32 =
  map2 (\x y -> a * x + y) xs ys
