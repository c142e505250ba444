-- `iota n` is the range `0..1..<n`: a negative n fails with the range's message, as
-- Futhark's does, on every backend, also inside a map (one row's size, a kernel's).
-- ==
-- entry: one
-- input { 3i64 } output { [0i64, 1i64, 2i64] }
-- input { -2i64 } error: Range 0\.\.1\.\.<-2 is invalid\.
entry one (n: i64) = iota n

-- ==
-- entry: rows
-- input { [3i64, 1i64] } output { [3i64, 0i64] }
-- input { [3i64, -2i64] } error: Range 0\.\.1\.\.<-2 is invalid\.
entry rows (ns: []i64) = map (\n -> i64.sum (iota n)) ns

-- ==
-- entry: index
-- input { [3i64, 4i64] [1i32, 2i32] } output { [1i64, 2i64] }
-- input { [3i64, -2i64] [1i32, 0i32] } error: Range 0\.\.1\.\.<-2 is invalid\.
entry index (ns: []i64) (is: []i32) = map2 (\n (i: i32) -> (opaque (iota n))[i]) ns is
