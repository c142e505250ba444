-- A transpose's kernel after a kernel that runs on the host's cores: on cuda each kernel
-- needs a name of its own (the transpose took the name of a device kernel, and the
-- CUDA did not compile; found by tests/fuzz/soac_programs.py in `scans`, whose first
-- kernel then ran on the host; now it is split into a map and a column scan, so
-- `after_recursion` keeps a kernel on the host before a transpose).
-- ==
-- entry: scans
-- input { [1, 2, 3] [4, 5] }
-- output { [[4, 4, 4], [9, 9, 9]] }
-- input { empty([0]i32) [4, 5] }
-- output { [empty([0]i32), empty([0]i32)] }

entry scans [n][m] (x1: [n]i32) (y1: [m]i32) : [m][n]i32 =
  scan (map2 (+)) (replicate n 0)
       (transpose (scan (map2 i32.min) (replicate m i32.highest) (map (\_ -> y1) x1)))

-- ==
-- entry: after_recursion
-- input { [[1i64, 2i64], [3i64, 4i64], [5i64, 6i64]] }
-- output { [[1i64, 3i64, 8i64], [1i64, 4i64, 12i64]] }

def fib (n: i64) : i64 = if n < 2 then n else fib (n - 1) + fib (n - 2)

entry after_recursion [n] (a: [n][2]i64) : [2][n]i64 =
  transpose (map (map fib) a) |> map (scan (+) 0)
