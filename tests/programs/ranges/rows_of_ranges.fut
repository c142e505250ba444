-- A simple range has the size the checker gives it (`0..<m` is `[m]i64`, `1..2...m`
-- is `[m]`), so a map whose rows are ranges is regular on the compiled backends too
-- (diku-dk/linalg's matzeros; it was a compiler limitation: rows that may differ).
-- ==
-- input { 2i64 3i64 }
-- output { [[0.0, 0.0, 0.0], [0.0, 0.0, 0.0]] [[1i64, 2i64, 3i64], [2i64, 3i64, 4i64]] }
-- input { 0i64 3i64 } output { empty([0][3]f64) empty([0][3]i64) }
-- input { 2i64 -1i64 } error: Range 0..<-1 is invalid

def zeros (n: i64) (m: i64) : [n][m]f64 = map (\_ -> map (\_ -> 0f64) (0..<m)) (0..<n)

entry main (n: i64) (m: i64) =
  (zeros n m, map (\i -> map (+ i) (1..2...m)) (0..<n))
