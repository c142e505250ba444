-- SAXPY then sum: a * x + y elementwise, then the sum of the results.  Two array
-- operations that fuse into one pass (a redomap); eager array libraries write the
-- intermediate vector out and read it back.
-- ==
-- nobench input { 2f32 [1f32, 2f32, 3f32] [10f32, 20f32, 30f32] }
-- output { 72f32 }
-- nobench input { 2f32 empty([0]f32) empty([0]f32) }
-- output { 0f32 }
-- notest random input { 2.5f32 [10000000]f32 [10000000]f32 }

entry main [n] (a: f32) (xs: [n]f32) (ys: [n]f32) : f32 =
  f32.sum (map2 (\x y -> a * x + y) xs ys)
