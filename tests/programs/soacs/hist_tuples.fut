-- Histograms of tuples (reduce_by_index and hist over zipped values): one operator over
-- several destinations.  Operators working component by component are split into one
-- operator per component (compiler/passes/Simplify.cpp); the others update a bin of every
-- destination at once, on a GPU under a lock per bin (in shared memory for the per-block
-- sub-histograms, else in global memory).  The results must be the interpreter's.

-- The smallest value of each bin and its index (the first of equal ones); indices out of
-- range are ignored, and an empty bin keeps the neutral element.
-- ==
-- entry: argmin_bins
-- input { [0i64, 1i64, 1i64, 3i64, 0i64, 7i64, -1i64, 1i64] [3f32, 2f32, 2f32, 5f32, 1f32, 0f32, 9f32, 4f32] }
-- output { [1f32, 2f32, f32.inf, 5f32] [4i64, 1i64, -1i64, 3i64] }
-- input { empty([0]i64) empty([0]f32) }
-- output { [f32.inf, f32.inf, f32.inf, f32.inf] [-1i64, -1i64, -1i64, -1i64] }

entry argmin_bins [n] (is: [n]i64) (xs: [n]f32) : ([4]f32, [4]i64) =
  let pick (a: f32, i: i64) (b: f32, j: i64) =
    if a < b || (a == b && i < j) then (a, i) else (b, j)
  in unzip (reduce_by_index (replicate 4 (f32.inf, -1)) pick (f32.inf, -1) is (zip xs (iota n)))

-- A sum and a maximum per bin: two operators in one (split into two).
-- ==
-- entry: sum_max
-- input { [0i64, 1i64, 1i64, 3i64, 0i64, 7i64] [3i32, 2i32, -2i32, 5i32, 1i32, 0i32] }
-- output { [4i32, 0i32, 0i32, 5i32] [3i32, 2i32, -2147483648i32, 5i32] }

entry sum_max (is: []i64) (xs: []i32) : ([4]i32, [4]i32) =
  unzip (hist (\(a, b) (c, d) -> (a + c, i32.max b d)) (0, i32.lowest) 4 is (zip xs xs))

-- The mean of each residue class of 0..n-1 modulo k: sums and counts (split).
-- ==
-- entry: mean_by_residue
-- input { 100000i64 7i64 }
-- output { [49997.5f64, 49998.5f64, 49999.5f64, 50000.5f64, 50001.5f64, 49999.0f64, 50000.0f64] }
-- input { 0i64 2i64 }
-- output { [f64.nan, f64.nan] }

entry mean_by_residue (n: i64) (k: i64) : []f64 =
  let (s, c) = unzip (hist (\(a, b) (c, d) -> (a + c, b + d)) (0f64, 0i64) k
                           (map (% k) (iota n)) (zip (map f64.i64 (iota n)) (replicate n 1)))
  in map2 (\a b -> a / f64.i64 b) s c

-- The largest value of each bin with its index, over many rows: few bins (every block's
-- threads contend for them), and many (more than the shared memory holds: global locks).
-- Checked against a loop doing the same; the sum of the indices found tells them apart.
-- ==
-- entry: argmax_many
-- input { 30000i64 3i64 }
-- output { true 84024i64 }
-- input { 30000i64 5000i64 }
-- output { true 78632500i64 }
-- input { 1i64 5000i64 }
-- output { true -4999i64 }

entry argmax_many (n: i64) (k: i64) : (bool, i64) =
  let vs = map (\i -> f32.i64 ((i * 7919) % 1009)) (iota n)
  let bins = map (\i -> (i * 31) % k) (iota n)
  let pick (a: f32, i: i64) (b: f32, j: i64) =
    if a > b || (a == b && i > j) then (a, i) else (b, j)
  let (hv, hi) = unzip (hist pick (-1f32, -1i64) k bins (zip vs (iota n)))
  let (lv, li) = loop (lv, li) = (replicate k (-1f32), replicate k (-1i64)) for i < n do
                   let b = bins[i]
                   let (v, j) = pick (lv[b], li[b]) (vs[i], i)
                   in (lv with [b] = v, li with [b] = j)
  in (and (map2 (==) hv lv) && and (map2 (==) hi li), i64.sum hi)

-- Three components, nested: the lexicographically largest pair of each bin, with what
-- came with it.
-- ==
-- entry: lexicographic
-- input { [0i64, 0i64, 1i64, 0i64, 1i64] [1i32, 2i32, 5i32, 2i32, 5i32] [9i32, 1i32, 0i32, 3i32, 0i32] [0.5f32, 1.5f32, 2.5f32, 3.5f32, 4.5f32] }
-- output { [2i32, 5i32] [3i32, 0i32] [3.5f32, 4.5f32] }

entry lexicographic (is: []i64) (as: []i32) (bs: []i32) (cs: []f32) : ([2]i32, [2]i32, [2]f32) =
  let op ((a1, b1), c1) ((a2, b2), c2) =
    if a1 > a2 || (a1 == a2 && (b1 > b2 || (b1 == b2 && c1 >= c2))) then ((a1, b1), c1) else ((a2, b2), c2)
  let r = reduce_by_index (replicate 2 ((i32.lowest, i32.lowest), 0f32)) op ((i32.lowest, i32.lowest), 0f32)
                          is (zip (zip as bs) cs)
  let (ab, c) = unzip r
  let (a, b) = unzip ab
  in (a, b, c)

-- Into destinations that hold values already (they take part, as the interpreter's
-- order of updates has it), and two histograms over the same indices (fused into one
-- kernel on a GPU).
-- ==
-- entry: into_existing_and_siblings
-- input { [5f32, 0f32, 7f32] [10i64, 11i64, 12i64] [2i64, 0i64, 2i64, 1i64, 0i64] [4f32, 1f32, 9f32, 0f32, 1f32] }
-- output { [1f32, 0f32, 4f32] [1i64, 3i64, 0i64] [1f32, 0f32, 9f32] [4i64, 3i64, 2i64] }

entry into_existing_and_siblings [n] (d1: []f32) (d2: []i64) (is: [n]i64) (xs: [n]f32) =
  let low (a: f32, i: i64) (b: f32, j: i64) = if a < b || (a == b && i < j) then (a, i) else (b, j)
  let high (a: f32, i: i64) (b: f32, j: i64) = if a > b || (a == b && i > j) then (a, i) else (b, j)
  let (lv, li) = unzip (reduce_by_index (zip d1 d2) low (f32.inf, -1) is (zip xs (iota n)))
  let (_, hi) = unzip (hist high (-f32.inf, -1) 3 is (zip xs (iota n)))
  let (hv, _) = unzip (hist high (-f32.inf, -1) 3 is (zip xs (iota n)))
  in (lv, li, hv, hi)

-- A histogram of tuples inside a map: one per row, run sequentially inside the kernel.
-- ==
-- entry: per_row
-- input { [[3, 1, 4, 1, 5, 9], [2, 6, 5, 3, 5, 8]] }
-- output { [[3, 1, 5], [3, 2147483647, 2]] [[0i64, 1i64, 4i64], [3i64, -1i64, 0i64]] }

entry per_row [m] (rows: [][m]i32) : ([][3]i32, [][3]i64) =
  unzip (map (\r ->
                unzip (hist (\(a, i) (b, j) -> if a < b || (a == b && i < j) then (a, i) else (b, j))
                            (i32.highest, -1) 3 (map (\x -> i64.i32 x % 3) r) (zip r (iota m))))
             rows)

-- A key chosen with its row of values (bins of rows): on a GPU the host runs this one.
-- ==
-- entry: rows_with_key
-- input { [1i64, 0i64, 1i64] [[1, 2], [3, 4], [5, 6]] [7, 1, 7] }
-- output { [[3, 4], [1, 2]] [1, 7] }

entry rows_with_key (is: []i64) (rows: [][2]i32) (keys: []i32) : ([2][2]i32, [2]i32) =
  unzip (hist (\(r1, k1) (r2, k2) -> if k1 >= k2 then (r1, k1) else (r2, k2))
              (replicate 2 0, i32.lowest) 2 is (zip rows keys))

-- An operator failing on every call fails where the interpreter's does.
-- ==
-- entry: failing
-- input { [0i64, 1i64] [1f32, 2f32] }
-- error: Index \[2\] out of bounds for array of shape \[2\]

entry failing [n] (is: [n]i64) (xs: [n]f32) : ([2]f32, [2]i64) =
  unzip (hist (\(a, i) (b, j) -> (a + xs[j], i + j)) (0f32, 0) 2 is (zip xs (replicate n n)))

-- Components of small types (bytes, booleans and halves, stored in fewer bytes than
-- they are computed in), and a histogram of tuples between two of scalars over the same
-- indices (one kernel on a GPU, its destinations laid out one after another).
-- ==
-- entry: small_types
-- input { [0i64, 1i64, 0i64, 2i64, 1i64] [1u8, 200u8, 7u8, 3u8, 100u8] [true, false, false, true, true] [0.5f16, 1.5f16, -2f16, 4f16, 8f16] }
-- output { [8u8, 44u8, 3u8] [false, false, true] [-2f16, 1.5f16, 4f16] }

entry small_types (is: []i64) (xs: []u8) (bs: []bool) (hs: []f16) : ([3]u8, [3]bool, [3]f16) =
  let op (a: u8, b: bool, c: f16) (x: u8, y: bool, z: f16) =
    if c <= z then (a + x, b && y, c) else (a + x, b && y, z)
  in unzip3 (reduce_by_index (replicate 3 (0u8, true, f16.inf)) op (0u8, true, f16.inf) is (zip3 xs bs hs))

-- ==
-- entry: between_scalars
-- input { [0i64, 1i64, 0i64, 1i64] [5i32, 3i32, 1i32, 9i32] }
-- output { [6i32, 12i32] [1i32, 3i32] [2i64, 1i64] [2i32, 2i32] }

entry between_scalars [n] (is: [n]i64) (xs: [n]i32) =
  let s = hist (+) 0 2 is xs
  let (m, at) = unzip (hist (\(a, i) (b, j) -> if a < b || (a == b && i < j) then (a, i) else (b, j))
                            (i32.highest, -1) 2 is (zip xs (iota n)))
  let c = hist (+) 0 2 is (map (\_ -> 1i32) xs)
  in (s, m, at, c)
