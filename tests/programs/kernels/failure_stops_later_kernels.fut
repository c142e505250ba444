-- A kernel that fails leaves outputs unwritten; a later kernel indexing with them unchecked
-- (their range was proven from the failing kernel's code) read outside its arrays: the
-- fuzzer's seed 3106 on emulated cuda ("invalid memory access" instead of the index
-- error).  Here the rows of the values fail their update, and the histogram of rows reads
-- them by the row numbers the same fused kernel computes.  Kernels after a failed one now
-- return at once (lrt::failed_earlier).
-- ==
-- input { [[1], [2]] [7] [1, 2] 9 }
-- error: Index \[5\] out of bounds for array of shape \[1\]
-- input { [[5, 0, 0, 0, 0, 0], [1, 0, 0, 0, 0, 0]] [3, 1, 1, 1, 1, 1] [1, 2] 9 }
-- output { [[3, 1, 1, 1, 1, 9], [1, 0, 0, 0, 0, 0]] }
-- input { empty([0][1]i32) [7] empty([0]i32) 9 }
-- output { empty([0][1]i32) }

entry main [n][k] (d: *[n][k]i32) (z: [k]i32) (ks: [n]i32) (s: i32) : [n][k]i32 =
  reduce_by_index d (\a b -> if a[0] < b[0] then a else b) (replicate k i32.highest)
                  (map (\x -> i64.i32 x % n) ks)
                  (map (\r -> copy r with [5] = s) (replicate n z))
