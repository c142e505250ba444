-- Scans over many tiles of the single-pass scan (on the GPU, tile sizes depend on the
-- accumulators' bytes: 8192 rows for one i32, 2048 for (i32, i64) or (i64, i64)),
-- so tiles look back across several others; the affine composition is not commutative,
-- so a tile combined out of order changes the result.  Weighted checksums of whole
-- results: any misplaced element changes them.
-- ==
-- input { 0i64 } output { 0i64 0i64 0i64 0i64 }
-- input { 1i64 } output { -3i64 -9i64 -1i64 0i64 }
-- input { 8193i64 } output { -1601155i64 4915208219i64 518283845921958878i64 -568474i64 }
-- input { 300001i64 } output { -58797452i64 6614725987958i64 -6658745198833203942i64 -20909180i64 }

def weigh [n] (xs: [n]i64) : i64 =
  reduce (+) 0 (map2 (\x k -> x * (k % 97 + 1)) xs (iota n))

entry main (n: i64) : (i64, i64, i64, i64) =
  let xs = map (\i -> i32.i64 (i % 7) - 3) (iota n)
  let sums = scan (+) 0 xs
  let pairs = scan (\(a, b) (c, d) -> (a + c, i64.max b d)) (0, i64.lowest)
                   (map2 (\x i -> (x, i64.i32 x * i)) xs (iota n))
  let affine = scan (\(a1, b1) (a2, b2) -> (a1 * a2, b1 * a2 + b2)) (1, 0)
                    (map (\i -> (i % 3 + 1, i % 5 - 2)) (iota n))
  let kept = filter (\x -> x % 3 != 0) (map i64.i32 sums)
  in (weigh (map i64.i32 sums),
      weigh (map (\(a, b) -> i64.i32 a * 3 + b) pairs),
      weigh (map (\(a, b) -> a ^ b) affine),
      weigh kept + length kept)
