-- A size a pattern declares (`let [n]`, `loop [n]`, a local function's `[n]`) is a new
-- name: an outer size of the same name is shadowed, not kept (the interpreter bound the
-- new one only where the name was free, and checked the value against the outer size).
-- ==
-- entry: let_size
-- input { [1, -2, 3] } output { 2i64 2i64 [3, 5] }
-- input { [-1] } output { 0i64 0i64 empty([0]i32) }
-- entry: let_tuple
-- input { [1, -2, 3] } output { 2i64 [1, 3] 1 }
-- entry: local_function
-- input { [1, -2, 3] } output { 2i64 3i64 }
-- entry: loop_size
-- input { [1, -2, 3] } output { [1, -2, 3, 1, -2, 3, 1, -2, 3, 1, -2, 3] }
-- entry: loop_tuple
-- input { [1, -2, 3] } output { [1, -2, 3, 1, -2, 3, 1, -2, 3, 1, -2, 3] 12i64 }
-- input { empty([0]i32) } output { empty([0]i32) 0i64 }

entry let_size [n] (xs: [n]i32) =
  let [n] (ys: [n]i32) = filter (> 0) xs
  in (n, length ys, map (\y -> y + i32.i64 n) ys)

entry let_tuple [n] (xs: [n]i32) =
  let [n] (ys: [n]i32, k: i32) = (filter (> 0) xs, 1)
  in (n, ys, k)

entry local_function [n] (xs: [n]i32) =
  let f [n] (_: [n]i32) = n
  in (f (take 2 xs), n)

entry loop_size [n] (xs: [n]i32) =
  loop [n] (ys: [n]i32) = xs for _i < 2 do ys ++ ys

-- n is each iteration's size: 3, then 6.
entry loop_tuple [n] (xs: [n]i32) =
  loop [n] (ys: [n]i32, k: i64) = (xs, n) for _i < 2 do (ys ++ ys, k + n)
