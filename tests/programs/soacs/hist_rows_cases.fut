-- reduce_by_index into [k][d] destinations with element-by-element row operators
-- (`map2 f`): bins of each column, indices out of range ignored, rows of no columns,
-- operators without a hardware atomic (f32 product, u8 max, i64 min), and more bins than
-- a block's shared memory holds (k * d = 12000 i32: the global-atomics path).
-- ==
-- entry: products
-- input { [0i64, 2i64, -1i64, 2i64, 5i64, 0i64] [[1f32, 2f32], [3f32, 4f32], [5f32, 6f32], [0.5f32, 2f32], [7f32, 7f32], [2f32, 0.25f32]] }
-- output { [[2f32, 0.5f32], [1f32, 1f32], [1.5f32, 8f32]] }
-- input { empty([0]i64) empty([0][2]f32) }
-- output { [[1f32, 1f32], [1f32, 1f32], [1f32, 1f32]] }

entry products [n] (is: [n]i64) (vs: [n][2]f32) : [3][2]f32 =
  hist (map2 (*)) (replicate 2 1) 3 is vs

-- ==
-- entry: maxima
-- input { 4i64 [3i64, 1i64, 3i64, 4i64] [[1u8, 200u8, 3u8], [9u8, 9u8, 9u8], [250u8, 0u8, 3u8], [1u8, 1u8, 1u8]] }
-- output { [[0u8, 0u8, 0u8], [9u8, 9u8, 9u8], [0u8, 0u8, 0u8], [250u8, 200u8, 3u8]] }
-- input { 0i64 [0i64] [[1u8, 2u8, 3u8]] }
-- output { empty([0][3]u8) }

entry maxima [n] (k: i64) (is: [n]i64) (vs: [n][3]u8) : [k][3]u8 =
  reduce_by_index (replicate k (replicate 3 0u8)) (map2 u8.max) (replicate 3 0u8) is vs

-- ==
-- entry: no_columns
-- input { [0i64, 1i64, 0i64] 0i64 }
-- output { empty([2][0]i32) }

entry no_columns [n] (is: [n]i64) (d: i64) : [2][d]i32 =
  hist (map2 (+)) (replicate d 0) 2 is (map (\_ -> replicate d 1) is)

-- ==
-- entry: many_bins
-- input { 3000i64 100000i64 }
-- output { 4999950000i64 100000i64 -99999i64 }

entry many_bins (k: i64) (n: i64) : (i64, i64, i64) =
  let h = hist (map2 (+)) (replicate 4 0i32) k (map (% k) (iota n))
               (map (\i -> [i32.i64 i, 1, -1, 0]) (iota n))
  let m = reduce_by_index (replicate k (replicate 2 i64.highest)) (map2 i64.min) (replicate 2 i64.highest)
                          (map (% k) (iota n)) (map (\i -> [i, -i]) (iota n))
  in (i64.sum (map (\r -> i64.i32 r[0]) h), i64.sum (map (\r -> i64.i32 r[1]) h),
      i64.minimum (map (\r -> r[1]) m))
