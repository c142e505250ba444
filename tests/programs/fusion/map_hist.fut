-- Maps producing a hist's indices and values fuse into the hist (no index or value
-- array); out-of-range indices are skipped; the value map reads the index array too.
-- ==
-- structure { Hist 1 Map 0 Screma 0 }
-- input { 4i64 [0i32, 1i32, 5i32, 7i32, 8i32, 3i32, -2i32] }
-- output { [2i32, 6i32, 0i32, 14i32] }
-- input { 2i64 [0i32, 1i32, 5i32, 7i32, 8i32, 3i32, -2i32] }
-- output { [2i32, 6i32] }
-- input { 0i64 [1i32, 2i32] }
-- output { empty([0]i32) }

entry main [n] (bins: i64) (xs: [n]i32) : [bins]i32 =
  let is = map (\x -> if x < 0 then -1 else i64.i32 x % 4) xs
  let vs = map (\i -> i32.i64 i * 2 + 1) is
  in hist (+) 0 bins is vs
