-- Scans long enough for the cpu backend's parallel chunks (four a thread, 1024 elements
-- or more each) and their second pass, which stops at the first block of 1024 whose first
-- element the chunk's carry leaves as it is (CpuGen.h, carry_stop): segments shorter and
-- longer than a block, a running maximum that settles, a sum whose carry is zero for a
-- while, and fused scans of which only one could stop.  (Each has an operator with a
-- condition or a map that gathers, which keeps the two-pass scan with the carry folded
-- in, not reduce_then_scan.)  Each result is a weighted sum of the scan and its last
-- element, so a wrong element anywhere changes it.
-- ==
-- entry: segmented
-- input { 100000i64 7i64 } output { -133901909i64 -1285i32 }
-- input { 100000i64 3000i64 } output { -36152405717i64 -500i32 }
-- input { 100000i64 100000i64 } output { -1264725509717i64 -50000i32 }
-- input { 5000i64 1i64 } output { -3451910i64 -419i32 }
-- input { 0i64 5i64 } output { 0i64 0i32 }
-- entry: running_max
-- input { 100000i64 } output { 5059542672045i64 100002i32 }
-- entry: zeros_first
-- input { 100000i64 [0i32, 1i32, 2i32, 3i32, 4i32, 5i32, 6i32, 7i32, 8i32, 9i32, 10i32, 11i32, 12i32, 13i32, 14i32, 15i32, 16i32] } output { 5062664690561i64 399988i32 }
-- entry: fused
-- input { 100000i64 5000i64 } output { -1264725509717i64 -61694422217i64 }
-- entry: segmented_f64
-- input { 100000i64 2500i64 } output { -42536046467.0f64 -1750.0f64 }

def values (n: i64) : [n]i32 = map (\i -> i32.i64 (i * 7919 % 1000) - 500) (iota n)

def weighted [n] (ys: [n]i32) : i64 = i64.sum (map2 (\i y -> (i % 1013 + 1) * i64.i32 y) (iota n) ys)

def last [n] (ys: [n]i32) : i32 = if n == 0 then 0 else ys[n - 1]

def starts (n: i64) (k: i64) : [n]bool = map (\i -> i % k == 0) (iota n)

entry segmented (n: i64) (k: i64) : (i64, i32) =
  let ys = segmented_scan (+) 0 (starts n k) (values n)
  in (weighted ys, last ys)

entry running_max (n: i64) : (i64, i32) =
  let ys = scan (\a b -> if a < b then b else a) i32.lowest (map (\i -> i32.i64 (i * 7919 % 100003)) (iota n))
  in (weighted ys, last ys)

entry zeros_first (n: i64) (w: [17]i32) : (i64, i32) =
  let ys = scan (+) 0 (map (\i -> if i < n / 2 then 0 else w[i % 17]) (iota n))
  in (weighted ys, last ys)

entry fused (n: i64) (k: i64) : (i64, i64) =
  let xs = values n
  let (sums, segs) = (scan (+) 0 xs, segmented_scan (+) 0 (starts n k) xs)
  in (weighted sums, weighted segs)

entry segmented_f64 (n: i64) (k: i64) : (f64, f64) =
  let ys = segmented_scan (+) 0 (starts n k) (map f64.i32 (values n))
  in (f64.sum (map2 (\i y -> f64.i64 (i % 1013 + 1) * y) (iota n) ys), ys[n - 1])
