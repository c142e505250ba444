-- Reductions and scans whose operators do not commute keep the rows' order on every
-- backend: products of 2×2 integer matrices (mod a prime), and "the last non-zero".
-- ==
-- input { 10i64 } output { 14340i64 10620i64 14340i64 10620i64 0i64 0i64 0i64 }
-- input { 5000i64 } output { 908868i64 946235i64 908868i64 946235i64 4992i64 2496i64 4992i64 }
-- input { 100000i64 } output { 388245i64 388245i64 388245i64 388245i64 99996i64 49998i64 99996i64 }

def p : i64 = 1000003

def mul (a: i64, b: i64, c: i64, d: i64) (e: i64, f: i64, g: i64, h: i64) =
  ((a * e + b * g) % p, (a * f + b * h) % p, (c * e + d * g) % p, (c * f + d * h) % p)

def last_nonzero (a: i64) (b: i64) = if b != 0 then b else a

entry main (n: i64) =
  let ms = map (\i -> (1, i % 7, i % 5, 1)) (iota n)
  let prod = reduce mul (1, 0, 0, 1) ms
  let xs = map (\i -> if i % 13 == 0 then i else 0) (iota n)
  let last = reduce last_nonzero 0 xs
  let running = scan last_nonzero 0 xs
  let (a, b, c, d) = prod
  in (a, b, c, d, last, running[n / 2], running[n - 1])
