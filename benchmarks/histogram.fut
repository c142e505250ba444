-- Histogram: counts of `bins` bins of non-negative i32 values, bin = value mod bins.
-- A map fused into reduce_by_index.
-- ==
-- nobench input { 4i64 [0i32, 1i32, 5i32, 7i32, 8i32, 3i32] }
-- output { [2i32, 2i32, 0i32, 2i32] }
-- notest random input { 256i64 [10000000]i32 }

entry main [n] (bins: i64) (xs: [n]i32) : [bins]i32 =
  hist (+) 0 bins (map (\x -> i64.i32 x % bins) xs) (replicate n 1i32)
