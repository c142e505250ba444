-- An index out of bounds in the function mapped into a scan, failing in one tile of
-- many: every thread must stop (a single-pass scan must not wait for the failed tile).
-- ==
-- input { 100i64 -1i64 } output { 450i64 }
-- input { 100i64 0i64 } error: [Bb]ound|[Ii]ndex
-- input { 5000i64 2048i64 } error: [Bb]ound|[Ii]ndex

entry main (n: i64) (k: i64) =
  let s = scan (+) 0 (map (\i -> (iota 10)[if i == k then 99 else i % 10]) (iota n))
  in s[n - 1]
