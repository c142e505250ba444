-- Dot product of two f32 vectors: a map fused into a reduction (a redomap).
-- ==
-- nobench input { [1f32, 2f32, 3f32] [4f32, 5f32, 6f32] }
-- output { 32f32 }
-- nobench input { empty([0]f32) empty([0]f32) }
-- output { 0f32 }
-- notest random input { [10000000]f32 [10000000]f32 }

entry main [n] (xs: [n]f32) (ys: [n]f32) : f32 =
  f32.sum (map2 (*) xs ys)
