-- f32.min and f32.max (and f64's) ignore a NaN operand, as C's fmin and fmax: in a map,
-- and in reductions long enough to run in SIMD lanes on the cpu backend, where a lane
-- may see only NaNs.  A neutral element that is not the identity still counts once.
-- ==
-- entry: pairs
-- input { [1f32, f32.nan, 3f32, f32.nan, -0.5f32] [2f32, 5f32, f32.nan, f32.nan, -0.25f32] }
-- output { [1f32, 5f32, 3f32, f32.nan, -0.5f32] [2f32, 5f32, 3f32, f32.nan, -0.25f32] }

-- ==
-- entry: reductions
-- input { [-6f32, f32.nan, -4f32, -3f32, f32.nan, -1f32, 0f32, f32.nan, 2f32, 3f32, f32.nan, 5f32, 6f32, f32.nan, 8f32, 9f32, f32.nan, 11f32, 12f32, f32.nan, -7f32, 15f32, f32.nan, 17f32, 18f32, f32.nan, 20f32, 21f32, f32.nan, 23f32, 24f32, f32.nan, 26f32, 27f32, f32.nan, 29f32, 30f32, f32.nan, 32f32, 33f32]
--         [f32.nan, f32.nan, f32.nan, f32.nan, f32.nan, f32.nan, f32.nan, f32.nan, f32.nan, f32.nan, f32.nan, f32.nan, f32.nan, f32.nan, f32.nan, f32.nan, f32.nan, f32.nan, f32.nan, f32.nan, f32.nan, f32.nan, f32.nan, f32.nan, f32.nan, f32.nan, f32.nan, f32.nan, f32.nan, f32.nan, f32.nan, f32.nan, f32.nan, f32.nan, f32.nan] }
-- output { -7f32 33f32 f32.inf -f32.inf f32.nan -9f32 -7.0f64 33.0f64 }
-- input { empty([0]f32) empty([0]f32) }
-- output { f32.inf -f32.inf f32.inf -f32.inf f32.nan -9f32 f64.inf -f64.inf }

entry pairs (xs: []f32) (ys: []f32) : ([]f32, []f32) =
  (map2 f32.min xs ys, map2 f32.max xs ys)

-- Plain reductions of arrays (the cpu backend's SIMD lanes): every third element of xs
-- is NaN, -7 sits in the middle, the largest number at the end; nans are all NaN.
entry reductions (xs: []f32) (nans: []f32) =
  let ds = map f64.f32 xs
  in (f32.minimum xs, f32.maximum xs,
      f32.minimum nans, f32.maximum nans,
      reduce f32.min f32.nan nans,
      reduce f32.min (-9) xs,
      f64.minimum ds, f64.maximum ds)
