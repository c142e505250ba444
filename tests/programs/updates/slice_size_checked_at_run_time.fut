-- An update's slice with a start other than 0 (`[1:4]`) has, for the check of the value
-- written, the size Futhark gives it, unknown: the value's size is checked when it runs
-- (Futhark's tests/flattening/update/invariant_is.fut).
-- ==
-- input { [4i64,5i64,6i64] [3i64,3i64,3i64] } output { [3i64,7i64,12i64] }
-- input { [4i64,5i64,6i64] [3i64,2i64,3i64] } error: Cannot write value of shape \[2\] into slice of shape \[3\]
entry main [n] (xs: [n]i64) (vs: [n]i64) =
  map2 (\x v -> reduce (+) 0 (iota x with [1:4] = iota v)) xs vs
-- ==
-- entry: lw
-- input { 5i64 3i64 } output { [0i64, 0i64, 1i64, 2i64, 4i64] }
-- input { 5i64 2i64 } error: Cannot write value of shape \[2\] into slice of shape \[3\]
entry lw (x: i64) (v: i64) = let a = iota x let a[1:4] = iota v in a
