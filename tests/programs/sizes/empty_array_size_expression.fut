-- An empty array keeps the sizes its type gives its rows, size expressions included
-- (`[] : [0][n + 1]t`, `[] :> [0][n * m]t`): its transpose has that many rows.
-- ==
-- entry: ascribed
-- input { 2i64 } output { 3i64 }
-- input { 0i64 } output { 1i64 }
-- entry: coerced
-- input { 2i64 3i64 } output { 6i64 [0i64, 0i64, 0i64, 0i64, 0i64, 0i64] }
entry ascribed (n: i64) = length (transpose ([] : [0][n + 1]i32))

entry coerced (n: i64) (m: i64) =
  let e = [] :> [0][n * m]i64
  in (length (transpose e), map (\r -> length r) (transpose e))
