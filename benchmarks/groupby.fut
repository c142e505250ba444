-- Group by key: the mean of each key's values and the index of its smallest value (the
-- first of equal ones), keys taken modulo `bins`.  Two histograms of tuples over the same
-- keys: sums and counts (the simplifier splits them into two histograms with atomics),
-- and an argmin (one operator over two destinations: on a GPU a lock per bin).
-- ==
-- nobench input { 3i64 [0i32, 4i32, 5i32, 3i32, 8i32, 1i32] [2f32, 1f32, 4f32, 2f32, 6f32, 1f32] }
-- output { [2f32, 1f32, 5f32] [0i64, 1i64, 2i64] }
-- nobench input { 3i64 [1i32] [5f32] }
-- output { [f32.nan, 5f32, f32.nan] [-1i64, 0i64, -1i64] }
-- notest random input { 256i64 [10000000]i32 [10000000]f32 }

entry main [n] (bins: i64) (keys: [n]i32) (vals: [n]f32) : ([bins]f32, [bins]i64) =
  let ks = map (\k -> i64.i32 k % bins) keys
  let (sums, counts) =
    unzip (hist (\(a, c) (b, d) -> (a + b, c + d)) (0f64, 0i64) bins ks
                (zip (map f64.f32 vals) (replicate n 1)))
  let (_, at) =
    unzip (hist (\(a, i) (b, j) -> if a < b || (a == b && i < j) then (a, i) else (b, j))
                (f32.inf, -1) bins ks (zip vals (iota n)))
  in (map2 (\s c -> f32.f64 (s / f64.i64 c)) sums counts, at)
