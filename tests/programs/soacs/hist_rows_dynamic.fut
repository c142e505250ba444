-- reduce_by_index into a [k][d] destination with a row operator, the rows from a map
-- (fused into the hist), and hist over rows of many rows (the parallel path).
-- ==
-- input { 3i64 [[1f64, 2f64, 3f64], [4f64, 5f64, 6f64], [7f64, 8f64, 9f64], [1f64, 1f64, 1f64]] }
-- output { [[14.0f64, 16.0f64, 18.0f64], [0.0f64, 0.0f64, 0.0f64], [0.0f64, 0.0f64, 0.0f64]] [[178553571i64, 7143i64, 7143i64], [178560714i64, 7143i64, 7143i64], [178567857i64, 7143i64, 7143i64], [178575000i64, 7143i64, 7143i64], [178582143i64, 7143i64, 7143i64], [178589286i64, 7143i64, 7143i64], [178546429i64, 7142i64, 7141i64]] }
-- input { 1i64 [[1f64], [2f64]] }
-- output { [[4.0f64]] [[178553571i64, 7143i64, 7143i64], [178560714i64, 7143i64, 7143i64], [178567857i64, 7143i64, 7143i64], [178575000i64, 7143i64, 7143i64], [178582143i64, 7143i64, 7143i64], [178589286i64, 7143i64, 7143i64], [178546429i64, 7142i64, 7141i64]] }

entry main [n][d] (k: i64) (xss: [n][d]f64) : ([k][d]f64, [][3]i64) =
  let is = map (\xs -> i64.f64 (f64.sum xs) % k) xss
  let a = reduce_by_index (replicate k (replicate d 0)) (map2 f64.max) (replicate d f64.lowest)
                          is (map (map (* 2)) xss)
  let b = hist (map2 (+)) [0, 0, 0] 7 (map (% 7) (iota 50000))
               (map (\i -> [i, 1, i % 3]) (iota 50000))
  in (a, b)
