-- Recursive functions called in kernels, before and after kernels that do not call them:
-- on cuda the callers run on the host's cores (their inputs brought from the device,
-- their results taken back to it), a scan, a filter and a hist among them.
-- ==
-- input { [1i64, 2i64, 3i64, 4i64, 5i64] }
-- output { [1i64, 2i64, 8i64, 55i64, 610i64] [1i64, 3i64, 11i64, 66i64, 676i64] 1514i64
--          [2i64, 8i64, 610i64] [2i32, 2i32, 1i32, 0i32] }
-- input { empty([0]i64) }
-- output { empty([0]i64) empty([0]i64) 0i64 empty([0]i64) [0i32, 0i32, 0i32, 0i32] }
def fib (n: i64) : i64 = if n < 2 then n else fib (n - 1) + fib (n - 2)
def even (n: i64) : bool = if n == 0 then true else if n == 1 then false else even (n - 2)

def main (xs: []i64) =
  let zs = map fib (scan (+) 0 xs)
  let ws = scan (+) 0 zs
  let evens = filter (\z -> even z) zs
  let h = hist (+) 0 4 (map (\z -> fib (z % 5) % 4) zs) (map (\_ -> 1) zs)
  in (zs, ws, i64.sum (map (* 2) ws), evens, h)
