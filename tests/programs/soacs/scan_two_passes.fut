-- Scans that the cpu backend runs by reading their inputs twice (CpuGen.h,
-- reduce_then_scan: each chunk's total, then each chunk's scan from its carry) where
-- that moves fewer bytes than writing the outputs twice: i32 and i64 sums, a sum in
-- f64 of whole numbers (exact), a maximum, two scans fused into one kernel, sizes of one
-- chunk (the second pass alone), a few, and many; and the empty scan.  Each result is a
-- weighted sum of the scan and its last element, so a wrong element anywhere changes it.
-- ==
-- entry: sum_i32
-- input { 0i64 } output { 0i64 0i32 }
-- input { 1i64 } output { -500i64 -500i32 }
-- input { 4095i64 } output { -2003338815i64 -2165i32 }
-- input { 4096i64 } output { -2003442655i64 -2360i32 }
-- input { 9000i64 } output { -9890409372i64 -4500i32 }
-- input { 100001i64 } output { -1264762223217i64 -50500i32 }
-- entry: sum_i64_of_i32
-- input { 100001i64 } output { -1264762223217i64 -50500i64 }
-- entry: sum_f64
-- input { 100001i64 } output { -1264762223217.0f64 -50500.0f64 }
-- entry: two_scans
-- input { 100001i64 } output { -1264762223217i64 25247135275i64 }

def values (n: i64) : [n]i32 = map (\i -> i32.i64 (i * 7919 % 1000) - 500) (iota n)

def weighted [n] (ys: [n]i64) : i64 = i64.sum (map2 (\i y -> (i % 1013 + 1) * y) (iota n) ys)

def last [n] 't (z: t) (ys: [n]t) : t = if n == 0 then z else ys[n - 1]

entry sum_i32 (n: i64) : (i64, i32) =
  let ys = scan (+) 0 (values n)
  in (weighted (map i64.i32 ys), last 0 ys)

entry sum_i64_of_i32 (n: i64) : (i64, i64) =
  let ys = scan (+) 0 (map i64.i32 (values n))
  in (weighted ys, last 0 ys)

entry sum_f64 (n: i64) : (f64, f64) =
  let ys = scan (+) 0 (map f64.i32 (values n))
  in (f64.sum (map2 (\i y -> f64.i64 (i % 1013 + 1) * y) (iota n) ys), last 0 ys)

entry two_scans (n: i64) : (i64, i64) =
  let xs = values n
  let (sums, tops) = (scan (+) 0 xs, scan i32.max i32.lowest xs)
  in (weighted (map i64.i32 sums), weighted (map i64.i32 tops))
