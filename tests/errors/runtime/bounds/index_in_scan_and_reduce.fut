-- As index_in_scan_many_tiles, with a reduce beside the scan over the same input.
-- ==
-- input { 100i64 -1i64 } output { 450i64 450i64 }
-- input { 100i64 0i64 } error: [Bb]ound|[Ii]ndex
-- input { 5000i64 2048i64 } error: [Bb]ound|[Ii]ndex

entry main (n: i64) (k: i64) =
  let xs = map (\i -> (iota 10)[if i == k then 99 else i % 10]) (iota n)
  in (reduce (+) 0 xs, last (scan (+) 0 xs))
