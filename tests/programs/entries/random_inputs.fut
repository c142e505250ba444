-- `random input { types }` (the same values on every backend and in every run) and
-- `auto output` (the interpreter's results are the expected ones on compiled backends).
-- ==
-- entry: dot
-- random input { [1000]i32 [1000]i32 } auto output
-- random input { [0]i32 [0]i32 } auto output
-- random input { [100000]i32 [100000]i32 } auto output

-- ==
-- entry: row_stats
-- random input { [100][7]f32 } auto output
-- random input { [3][1000]f32 } auto output

-- ==
-- entry: histogram
-- random input { 16i64 [10000]u8 } auto output

-- Integers span their type's whole range, floats [0, 1), booleans both values.
-- ==
-- entry: spans
-- random input { [10000]i32 [10000]f64 [10000]f32 [1000]bool [1000]u64 } output { true true true true true }

-- A constant is passed as written; an unsuffixed one takes the parameter's type.
-- ==
-- entry: sized
-- random input { 5i64 [5][3]i16 } output { 5i64 15i64 }
-- random input { 4 [4][3]i16 } output { 4i64 12i64 }

entry dot (xs: []i32) (ys: []i32) = i32.sum (map2 (*) xs ys)

entry row_stats [n] [m] (xss: [n][m]f32) =
  (map f32.sum xss, map f32.maximum xss, map (\row -> f32.sum row / f32.i64 m) xss)

entry histogram (bins: i64) (xs: []u8) =
  hist (+) 0i32 bins (map (\x -> i64.u8 x % bins) xs) (replicate (length xs) 1)

entry spans (is: []i32) (ds: []f64) (fs: []f32) (bs: []bool) (us: []u64) =
  (any (< -1_000_000_000) is && any (> 1_000_000_000) is,
   all (\d -> d >= 0 && d < 1) ds && any (< 0.01) ds && any (> 0.99) ds,
   all (\f -> f >= 0 && f < 1) fs && any (< 0.01) fs && any (> 0.99) fs,
   any id bs && any (not) bs,
   any (> u64.highest / 2) us)

entry sized [k] (n: i64) (xss: [k][3]i16) = (n, k * 3)
