-- Differential tests on random data: several chunks and blocks of each kind of kernel,
-- the interpreter's results expected on the compiled backends (`auto output`).

-- ==
-- entry: scans
-- random input { [30011]i32 } auto output
-- random input { [7]i32 } auto output
entry scans (xs: []i32) = (scan (+) 0 xs, scan i32.max i32.lowest xs, scan (\a b -> a ^ b) 0 xs |> last)

-- ==
-- entry: segscan
-- random input { [30011]i32 [30011]bool } auto output
entry segscan (xs: []i32) (fs: []bool) = segmented_scan (+) 0 fs xs

-- ==
-- entry: filt
-- random input { [30011]i32 } auto output
entry filt (xs: []i32) = (filter (\x -> x % 3 == 0) xs, partition (> 0) xs)

-- Rows of a matrix with a tuple's other part, and a filter keeping few rows (the GPU's
-- warps vote on 32 rows at a time; most votes here are empty).
-- ==
-- entry: filt_rows
-- random input { [3001][4]i32 [3001]f32 } auto output
-- random input { [5][4]i32 [5]f32 } auto output
entry filt_rows (m: [][4]i32) (ys: []f32) =
  (unzip (filter (\(r, y) -> r[0] > r[3] && y < 0.7) (zip m ys)), filter (\y -> y > 0.995) ys)

-- ==
-- entry: sorting
-- random input { [20011]i32 } auto output
-- random input { [3]i32 } auto output
entry sorting (xs: []i32) = radix_sort_int i32.num_bits i32.get_bit xs

-- ==
-- entry: hists
-- random input { [30011]u32 [30011]f32 } auto output
entry hists (ks: []u32) (vs: []f32) =
  (hist (+) 0 256 (map (\k -> i64.u32 (k % 256)) ks) vs,
   hist i32.max 0 1000 (map (\k -> i64.u32 (k % 1000)) ks) (map (\k -> i32.u32 (k >> 4)) ks),
   reduce_by_index (replicate 7 0u32) (+) 0 (map (\k -> i64.u32 (k % 9) - 1) ks) ks)

-- ==
-- entry: mm
-- random input { [67][45]f32 [45][33]f32 } auto output
entry mm [n][m][p] (a: [n][m]f32) (b: [m][p]f32) = map (\r -> map (\c -> f32.sum (map2 (*) r c)) (transpose b)) a

-- ==
-- entry: stencil
-- random input { [130][257]f32 } auto output
entry stencil [n][m] (a: [n][m]f32) = stencil_2d #clamp (\at -> at (-1, 0) + at (1, 0) + at (0, -1) + at (0, 1) - 4 * at (0, 0)) a

-- ==
-- entry: foldseg
-- random input { [300]u8 [60000]f32 } auto output
entry foldseg (ls: []u8) (xs: [60000]f32) =
  let lens = map i64.u8 ls
  let total = i64.sum lens
  let xs' = take total (xs ++ xs)
  in fold_seg (+) 0 lens xs'

-- ==
-- entry: argmin
-- random input { [30011]f32 } auto output
entry argmin (xs: []f32) = reduce (\(a, i) (b, j) -> if a < b || (a == b && i < j) then (a, i) else (b, j)) (f32.inf, -1) (zip xs (indices xs))

-- An operator that does not commute (2x2 integer matrix products, wrapping): the rows
-- must be combined in order (on the GPU, each warp's rows in rounds of 128).
-- ==
-- entry: matprod
-- random input { [30011]i32 } auto output
-- random input { [40]i32 } auto output
entry matprod (xs: []i32) : [4]i32 =
  let mul (a: [4]i32) (b: [4]i32) =
    [a[0] * b[0] + a[1] * b[2], a[0] * b[1] + a[1] * b[3], a[2] * b[0] + a[3] * b[2], a[2] * b[1] + a[3] * b[3]]
  in reduce mul [1, 0, 0, 1] (map (\x -> [x & 3, 1, 1, 0]) xs)

-- Reductions a row: an argmin with many ties (the lower index wins), and the first
-- value of a row that is a multiple of 37 (an operator that does not commute): on the
-- GPU, a warp a row, its elements in rounds of 128.
-- ==
-- entry: rowreds
-- random input { [37][300]i32 } auto output
-- random input { [5][33]i32 } auto output
entry rowreds [n][m] (xss: [n][m]i32) : ([n](i32, i64), [n]i32) =
  (map (\xs -> reduce (\(a, i) (b, j) -> if a < b || (a == b && i < j) then (a, i) else (b, j))
                      (i32.highest, -1) (zip (map (% 7) xs) (indices xs))) xss,
   map (\xs -> reduce (\a b -> if a != 0 then a else b) 0 (map (\x -> if x % 37 == 0 then x else 0) xs)) xss)

-- Scans a row by an operator that does not commute (compositions of x -> a x + b,
-- wrapping): on the GPU, a warp a row, its elements in rounds of 32 with a carry.
-- ==
-- entry: rowscans
-- random input { [13][300]i32 } auto output
-- random input { [4][31]i32 } auto output
entry rowscans [n][m] (xss: [n][m]i32) : ([n][m]i32, [n][m]i32) =
  unzip (map (\xs -> unzip (scan (\(a1, b1) (a2, b2) -> (a1 * a2, a2 * b1 + b2)) (1, 0)
                                (map (\x -> (x % 3, x)) xs))) xss)

-- ==
-- entry: scatter_it
-- random input { [30011]i32 [1000]i64 } auto output
entry scatter_it (xs: []i32) (is: []i64) = scatter (copy xs) (map (\i -> i * 100) (indices is)) (map i32.i64 is)

-- ==
-- entry: rowred
-- random input { [1000][129]i32 } auto output
entry rowred [n][m] (xss: [n][m]i32) = map i32.sum xss

-- ==
-- entry: colred
-- random input { [1000][129]i32 } auto output
entry colred [n][m] (xss: [n][m]i32) = reduce (map2 (+)) (replicate m 0) xss
