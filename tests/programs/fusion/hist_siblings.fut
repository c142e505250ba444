-- Three hists over the same rows (indices from one map, as in kmeans) with different
-- operators and element types: one kernel, the map fused into it.
-- ==
-- input { 3i64 [0.5f32, 2.5f32, 1.0f32, 7.0f32, -1.0f32, 2.9f32] }
-- output { [0.5f32, 1.0f32, 5.4f32] [0.5f32, 1.0f32, 2.9f32] [1i32, 1i32, 2i32] }
-- input { 4i64 empty([0]f32) }
-- output { [0.0f32, 0.0f32, 0.0f32, 0.0f32] [-f32.inf, -f32.inf, -f32.inf, -f32.inf] [0i32, 0i32, 0i32, 0i32] }
-- input { 2i64 [1f32, 1f32, 1f32] }
-- output { [0.0f32, 3.0f32] [-f32.inf, 1.0f32] [0i32, 3i32] }

entry main [n] (k: i64) (xs: [n]f32) : ([]f32, []f32, []i32) =
  let bin = map (\x -> i64.f32 x) xs
  let sums = hist (+) 0 k bin xs
  let maxs = hist f32.max (-f32.inf) k bin xs
  let counts = hist (+) 0 k bin (replicate n 1i32)
  in (sums, maxs, counts)
