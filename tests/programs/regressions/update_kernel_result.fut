-- A kernel's result updated on the host (`with`), then read by another kernel: the
-- device copy must be uploaded again.  The cuda backend read its stale copy (the
-- kernel's result before the update) when the block already had one on the device.
-- Found by the differential fuzzer (tests/fuzz/soac_programs.py).
-- ==
-- input { [[1f32, 2f32], [3f32, 4f32], [5f32, 6f32]] [10f32, 20f32] 1i64 }
-- output { [22f32, 36f32] }
-- input { [[1f32, 2f32], [3f32, 4f32], [5f32, 6f32]] [10f32, 20f32] 0i64 }
-- output { [26f32, 40f32] }
-- input { [[1f32, 2f32]] [10f32, 20f32] 3i64 }
-- error: out of bounds

entry main [n][k] (xs: [n][k]f32) (ys: [k]f32) (i: i64) : [k]f32 =
  let r = map (map (* 2f32)) xs
  in reduce (map2 (+)) (replicate k 0f32) (copy r with [i] = ys)

-- ==
-- entry: twice
-- input { [1, 2, 3, 4] }
-- output { 4 [2, 4, 6, 8] }

-- Written on the host, read by a kernel, written on the host again and read again.
entry twice (xs: []i32) : (i32, []i32) =
  let a = map (* 2) xs
  let b = copy a with [0] = 0
  let s = i32.sum b
  let c = b with [1] = 0
  in (s - i32.sum c, map (+ 0) a)
