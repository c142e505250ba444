-- Sibling hists over many rows (the parallel paths: private histograms per chunk on
-- cpu, shared-memory sub-histograms on cuda), with different index arrays.
-- ==
-- input { 100000i64 }
-- output { [384634614i64, 384588462i64, 384642307i64, 384596154i64, 384650000i64, 384603846i64, 384657693i64, 384611538i64, 384565386i64, 384619230i64, 384573078i64, 384626922i64, 384580770i64] [9999888i32, 9999268i32, 9999649i32, 10000030i32, 0i32] [255u8, 255u8, 255u8, 255u8, 255u8, 255u8, 255u8, 255u8, 255u8, 255u8, 255u8, 255u8, 255u8] }
-- input { 5000i64 }
-- output { [960960i64, 963655i64, 961345i64, 959040i64, 961730i64, 959424i64, 962115i64, 959808i64, 962500i64, 960192i64, 962885i64, 960576i64, 963270i64] [499623i32, 499592i32, 499561i32, 499530i32, 0i32] [255u8, 255u8, 255u8, 255u8, 255u8, 255u8, 255u8, 255u8, 255u8, 255u8, 255u8, 255u8, 255u8] }

entry main (n: i64) : ([]i64, []i32, []u8) =
  let is = map (\i -> (i * 7919) % 13) (iota n)
  let js = map (\i -> i % 5 - 1) (iota n)
  let a = hist (+) 0 13 is (iota n)
  let b = hist (+) 0 5 js (map (\i -> i32.i64 ((i * 31) % 1001)) (iota n))
  let c = reduce_by_index (replicate 13 0u8) u8.max 0 is (map (\i -> u8.i64 (i % 256)) (iota n))
  in (a, b, c)
