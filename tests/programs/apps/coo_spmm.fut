-- Sparse COO matrices: sparse times dense by reduce_by_index and by a row sort with segmented scans, sparse times sparse by CSR offsets, an irregular expansion of products, a key sort and segmented sums.
-- ==
-- entry: spmm_hist
-- "4x3 unsorted dup" input { 4i64 [2i64, 0i64, 3i64, 2i64, 0i64, 2i64] [1i64, 0i64, 2i64, 1i64, 2i64, 0i64] [1.5f32, 2.0f32, -1.0f32, 0.5f32, 4.0f32, -3.0f32] [[1.0f32, 2.0f32], [3.0f32, -1.0f32], [0.5f32, 0.25f32]] } output { [[4.0f32, 5.0f32], [0.0f32, 0.0f32], [3.0f32, -8.0f32], [-0.5f32, -0.25f32]] }
-- "empty rows and bad entries" input { 5i64 [4i64, -1i64, 1i64, 4i64, 7i64, 1i64] [0i64, 0i64, 1i64, 1i64, 0i64, 5i64] [2.0f32, 9.0f32, -2.0f32, 1.0f32, 9.0f32, 9.0f32] [[1.0f32, 0.0f32, -1.0f32], [2.0f32, 2.0f32, 2.0f32]] } output { [[0.0f32, 0.0f32, 0.0f32], [-4.0f32, -4.0f32, -4.0f32], [0.0f32, 0.0f32, 0.0f32], [0.0f32, 0.0f32, 0.0f32], [4.0f32, 2.0f32, 0.0f32]] }
-- "no entries" input { 3i64 empty([0]i64) empty([0]i64) empty([0]f32) [[1.0f32], [2.0f32]] } output { [[0.0f32], [0.0f32], [0.0f32]] }
-- "one" input { 1i64 [0i64] [0i64] [-2.5f32] [[4.0f32, -8.0f32, 0.5f32, 1.0f32]] } output { [[-10.0f32, 20.0f32, -1.25f32, -2.5f32]] }
-- "no rows" input { 0i64 [0i64] [0i64] [1.0f32] [[1.0f32]] } output { empty([0][1]f32) }
-- entry: spmm_sorted
-- "4x3 unsorted dup" input { 4i64 [2i64, 0i64, 3i64, 2i64, 0i64, 2i64] [1i64, 0i64, 2i64, 1i64, 2i64, 0i64] [1.5f32, 2.0f32, -1.0f32, 0.5f32, 4.0f32, -3.0f32] [[1.0f32, 2.0f32], [3.0f32, -1.0f32], [0.5f32, 0.25f32]] } output { [[4.0f32, 5.0f32], [0.0f32, 0.0f32], [3.0f32, -8.0f32], [-0.5f32, -0.25f32]] }
-- "empty rows and bad entries" input { 5i64 [4i64, -1i64, 1i64, 4i64, 7i64, 1i64] [0i64, 0i64, 1i64, 1i64, 0i64, 5i64] [2.0f32, 9.0f32, -2.0f32, 1.0f32, 9.0f32, 9.0f32] [[1.0f32, 0.0f32, -1.0f32], [2.0f32, 2.0f32, 2.0f32]] } output { [[0.0f32, 0.0f32, 0.0f32], [-4.0f32, -4.0f32, -4.0f32], [0.0f32, 0.0f32, 0.0f32], [0.0f32, 0.0f32, 0.0f32], [4.0f32, 2.0f32, 0.0f32]] }
-- "no entries" input { 3i64 empty([0]i64) empty([0]i64) empty([0]f32) [[1.0f32], [2.0f32]] } output { [[0.0f32], [0.0f32], [0.0f32]] }
-- "one" input { 1i64 [0i64] [0i64] [-2.5f32] [[4.0f32, -8.0f32, 0.5f32, 1.0f32]] } output { [[-10.0f32, 20.0f32, -1.25f32, -2.5f32]] }
-- "no rows" input { 0i64 [0i64] [0i64] [1.0f32] [[1.0f32]] } output { empty([0][1]f32) }
-- entry: spmm_gen
-- "gen 5000 nnz" input { 70i64 50i64 3i64 5000i64 1i64 } output { [[54.0f32, -45.0f32, 21.0f32], [-24.0f32, -5.0f32, 36.0f32], [-30.0f32, 33.0f32, -80.0f32], [-2.0f32, 11.0f32, 35.0f32], [19.0f32, -16.0f32, 92.0f32], [-28.0f32, 55.0f32, -27.0f32], [50.0f32, -47.0f32, 43.0f32], [23.0f32, -24.0f32, -16.0f32], [-138.0f32, 82.0f32, -50.0f32], [2.0f32, -31.0f32, 2.0f32], [38.0f32, -41.0f32, -54.0f32], [7.0f32, -44.0f32, -18.0f32], [-51.0f32, 91.0f32, -31.0f32], [-68.0f32, 4.0f32, 21.0f32], [51.0f32, 102.0f32, -23.0f32], [-39.0f32, 97.0f32, -108.0f32], [66.0f32, -67.0f32, 86.0f32], [105.0f32, -109.0f32, -26.0f32], [-36.0f32, 41.0f32, -80.0f32], [4.0f32, -55.0f32, 84.0f32], [65.0f32, -110.0f32, 23.0f32], [-26.0f32, 62.0f32, -15.0f32], [55.0f32, -69.0f32, 93.0f32], [-21.0f32, 36.0f32, -83.0f32], [22.0f32, -106.0f32, 30.0f32], [37.0f32, -16.0f32, -58.0f32], [61.0f32, -36.0f32, -1.0f32], [-41.0f32, 51.0f32, 11.0f32], [55.0f32, -70.0f32, 36.0f32], [-46.0f32, -25.0f32, 7.0f32], [58.0f32, -23.0f32, 61.0f32], [-36.0f32, 54.0f32, 12.0f32], [-35.0f32, 56.0f32, 4.0f32], [-17.0f32, -1.0f32, 37.0f32], [50.0f32, -51.0f32, -31.0f32], [88.0f32, -120.0f32, 79.0f32], [101.0f32, -14.0f32, 14.0f32], [-75.0f32, 49.0f32, -113.0f32], [-28.0f32, -114.0f32, 9.0f32], [-33.0f32, 32.0f32, -90.0f32], [69.0f32, -47.0f32, 156.0f32], [-13.0f32, 39.0f32, -74.0f32], [12.0f32, -91.0f32, 15.0f32], [-20.0f32, 42.0f32, 5.0f32], [-33.0f32, 69.0f32, 6.0f32], [-117.0f32, 31.0f32, -52.0f32], [-45.0f32, -69.0f32, -38.0f32], [-6.0f32, 27.0f32, -6.0f32], [57.0f32, -29.0f32, 105.0f32], [-76.0f32, 117.0f32, -42.0f32], [-46.0f32, -69.0f32, -59.0f32], [-28.0f32, 58.0f32, 12.0f32], [0.0f32, 36.0f32, -60.0f32], [-77.0f32, 73.0f32, -8.0f32], [13.0f32, 9.0f32, -17.0f32], [-39.0f32, 80.0f32, -32.0f32], [-41.0f32, 22.0f32, 74.0f32], [84.0f32, -97.0f32, 52.0f32], [-18.0f32, -4.0f32, 10.0f32], [65.0f32, -6.0f32, 0.0f32], [-9.0f32, 29.0f32, -10.0f32], [-75.0f32, 85.0f32, -107.0f32], [-69.0f32, 24.0f32, 40.0f32], [27.0f32, -73.0f32, 124.0f32], [13.0f32, 9.0f32, -17.0f32], [8.0f32, -20.0f32, 84.0f32], [119.0f32, -54.0f32, 48.0f32], [31.0f32, 0.0f32, -31.0f32], [-12.0f32, 21.0f32, -1.0f32], [37.0f32, -32.0f32, 9.0f32]] true }
-- "gen 100 nnz" input { 33i64 1i64 1i64 100i64 2i64 } output { [[5.0f32], [10.0f32], [-5.0f32], [0.0f32], [-15.0f32], [0.0f32], [0.0f32], [-20.0f32], [0.0f32], [15.0f32], [-15.0f32], [-15.0f32], [5.0f32], [5.0f32], [0.0f32], [15.0f32], [-10.0f32], [-5.0f32], [-15.0f32], [10.0f32], [-15.0f32], [5.0f32], [0.0f32], [30.0f32], [15.0f32], [0.0f32], [-10.0f32], [10.0f32], [-10.0f32], [-5.0f32], [-25.0f32], [0.0f32], [-5.0f32]] true }
-- entry: spgemm
-- "3x4 by 4x3" input { 3i64 [0i64, 2i64, 0i64, 1i64, 2i64] [1i64, 3i64, 0i64, 1i64, 1i64] [2i32, -1i32, 3i32, 4i32, 5i32] 4i64 3i64 [1i64, 0i64, 3i64, 1i64, 0i64, 2i64] [2i64, 0i64, 2i64, 0i64, 1i64, 1i64] [1i32, 2i32, 3i32, -4i32, 5i32, 6i32] } output { [0i64, 0i64, 0i64, 1i64, 1i64, 2i64, 2i64] [0i64, 1i64, 2i64, 0i64, 2i64, 0i64, 2i64] [-2i32, 15i32, 2i32, -16i32, 4i32, -20i32, 2i32] [4i64, 2i64, 3i64] }
-- "cancel and bad" input { 2i64 [0i64, 0i64, 5i64, 1i64] [0i64, 1i64, 0i64, -2i64] [1i32, 1i32, 1i32, 1i32] 2i64 2i64 [0i64, 1i64, 1i64, 0i64] [1i64, 1i64, 0i64, 9i64] [3i32, -3i32, 7i32, 1i32] } output { [0i64, 0i64] [0i64, 1i64] [7i32, 0i32] [3i64, 0i64] }
-- "empty A" input { 2i64 empty([0]i64) empty([0]i64) empty([0]i32) 2i64 2i64 [0i64] [1i64] [1i32] } output { empty([0]i64) empty([0]i64) empty([0]i32) [0i64, 0i64] }
-- "one by one" input { 1i64 [0i64] [0i64] [2147483647i32] 1i64 1i64 [0i64] [0i64] [2i32] } output { [0i64] [0i64] [-2i32] [1i64] }
-- entry: spgemm_gen
-- "gen 60" input { 60i64 600i64 5i64 } output { 2666i64 6033i64 431i64 58i64 }
-- "gen 37" input { 37i64 40i64 6i64 } output { 35i64 38i64 -119i64 4i64 }

-- Entries with a row or column outside the matrix are ignored throughout.

-- Inclusive scan restarting at each true flag.
def seg_scan [n] 't (op: t -> t -> t) (ne: t) (flags: [n]bool) (xs: [n]t) : [n]t =
  map (.1) (scan (\(f1, x1) (f2, x2) -> (f1 || f2, if f2 then x2 else op x1 x2)) (false, ne) (zip flags xs))

def bits_for (x: i64) : i32 = 64 - i64.clz x

-- C = A B, A sparse (COO), B dense: every (entry, column) product goes
-- into C's flattened cell by reduce_by_index.
def spmm_by_hist [nnz] [nc] [k] (nrows: i64) (rows: [nnz]i64) (cols: [nnz]i64) (vals: [nnz]f32)
                             (b: [nc][k]f32) : [nrows][k]f32 =
  let cell e j = if rows[e] >= 0 && rows[e] < nrows && cols[e] >= 0 && cols[e] < nc
                 then rows[e] * k + j else -1
  let is = flatten (tabulate_2d nnz k cell)
  let vs = flatten (tabulate_2d nnz k (\e j -> if cell e j < 0 then 0 else vals[e] * b[cols[e], j]))
  in unflatten (reduce_by_index (replicate (nrows * k) 0f32) (+) 0 is vs)

-- The same product by sorting: the valid entries (partition) sorted by row
-- (radix sort on the row's bits), for each column of B a segmented scan
-- over the row segments, and each segment's last sum scattered to its row.
def spmm_by_sort [nnz] [nc] [k] (nrows: i64) (rows: [nnz]i64) (cols: [nnz]i64) (vals: [nnz]f32)
                               (b: [nc][k]f32) : [nrows][k]f32 =
  let (good, _) = partition (\e -> rows[e] >= 0 && rows[e] < nrows && cols[e] >= 0 && cols[e] < nc) (iota nnz)
  let order = radix_sort_by_key (\e -> rows[e]) (bits_for nrows) i64.get_bit good
  let m = length order
  let r = map (\e -> rows[e]) order
  let flags = map (\i -> i == 0 || r[i] != r[i - 1]) (indices order)
  let dest = map (\i -> if i == m - 1 || r[i + 1] != r[i] then r[i] else -1) (indices order)
  let sums = tabulate k (\j -> seg_scan (+) 0 flags (map (\e -> vals[e] * b[cols[e], j]) order))
  in transpose (map (\col -> scatter (replicate nrows 0f32) dest col) sums)

-- Sparse times sparse (i32 values, wrapping): B's valid entries sorted by
-- row give its CSR offsets; each valid entry (i, l) of A expands into one
-- product per entry of B's row l (an irregular expansion by scattered
-- starts and a max-scan); the products sorted by (row, column) are summed
-- by a segmented scan.  Returns C in COO (sorted, structural entries kept
-- even where they cancel) and the products each row of C took.
def sp_sp [na] [nb] (n: i64) (ar: [na]i64) (ac: [na]i64) (av: [na]i32)
                     (m: i64) (p: i64) (br: [nb]i64) (bc: [nb]i64) (bv: [nb]i32)
                     : ([]i64, []i64, []i32, [n]i64) =
  let bgood = filter (\e -> br[e] >= 0 && br[e] < m && bc[e] >= 0 && bc[e] < p) (iota nb)
  let border = radix_sort_by_key (\e -> br[e]) (bits_for m) i64.get_bit bgood
  let bcount = reduce_by_index (replicate m 0i64) (+) 0 (map (\e -> br[e]) border) (map (const 1) border)
  let boff = map2 (-) (scan (+) 0 bcount) bcount
  let agood = filter (\e -> ar[e] >= 0 && ar[e] < n && ac[e] >= 0 && ac[e] < m) (iota na)
  let deg = map (\e -> bcount[ac[e]]) agood
  let flops = reduce_by_index (replicate n 0i64) (+) 0 (map (\e -> ar[e]) agood) deg
  let ends = scan (+) 0 deg
  let total = if length deg == 0 then 0 else last ends
  let starts = map2 (-) ends deg
  let owner = scan i64.max 0 (reduce_by_index (replicate total 0) i64.max 0
                                (map2 (\s d -> if d > 0 then s else -1) starts deg) (indices deg))
  let prods = tabulate total (\q ->
                let o = owner[q]
                let a = agood[o]
                let be = border[boff[ac[a]] + (q - starts[o])]
                in (ar[a] * p + bc[be], av[a] * bv[be]))
  let sorted = radix_sort_by_key (.0) (bits_for (n * p)) i64.get_bit prods
  let (keys, vs) = unzip sorted
  let flags = tabulate total (\i -> i == 0 || keys[i] != keys[i - 1])
  let sums = seg_scan (+) 0 flags vs
  let last_of = filter (\i -> i == total - 1 || keys[i + 1] != keys[i]) (iota total)
  in (map (\i -> keys[i] / p) last_of, map (\i -> keys[i] % p) last_of, map (\i -> sums[i]) last_of, flops)


entry spmm_hist [nnz] [nc] [k] (nrows: i64) (rows: [nnz]i64) (cols: [nnz]i64) (vals: [nnz]f32)
                               (b: [nc][k]f32) : [nrows][k]f32 =
  spmm_by_hist nrows rows cols vals b

entry spmm_sorted [nnz] [nc] [k] (nrows: i64) (rows: [nnz]i64) (cols: [nnz]i64) (vals: [nnz]f32)
                                 (b: [nc][k]f32) : [nrows][k]f32 =
  spmm_by_sort nrows rows cols vals b

entry spgemm [na] [nb] (n: i64) (ar: [na]i64) (ac: [na]i64) (av: [na]i32)
                       (m: i64) (p: i64) (br: [nb]i64) (bc: [nb]i64) (bv: [nb]i32)
                       : ([]i64, []i64, []i32, [n]i64) =
  sp_sp n ar ac av m p br bc bv

def mix (x: u64) : u64 =
  let x = x ^ (x >> 33)
  let x = x * 0xff51afd7ed558ccd
  let x = x ^ (x >> 33)
  let x = x * 0xc4ceb9fe1a85ec53
  in x ^ (x >> 33)

def h (seed: i64) (i: i64) : u64 = mix (u64.i64 seed * 0x9E3779B97F4A7C15 + u64.i64 i)

-- A generated nnz-entry matrix (rows -1 .. nrows: some out of range) times
-- a dense one: C by sorting, and whether the histogram product agrees.
entry spmm_gen (nrows: i64) (ncols: i64) (k: i64) (nnz: i64) (seed: i64) : ([nrows][k]f32, bool) =
  let rows = tabulate nnz (\e -> i64.u64 (h seed (3 * e) % u64.i64 (nrows + 2)) - 1)
  let cols = tabulate nnz (\e -> i64.u64 (h seed (3 * e + 1) % u64.i64 ncols))
  let vals = tabulate nnz (\e -> f32.u64 (h seed (3 * e + 2) % 7) - 3)
  let b = tabulate_2d ncols k (\c j -> f32.i64 ((c * 3 + j * 5) % 11 - 5))
  let c1 = spmm_by_sort nrows rows cols vals b
  let c2 = spmm_by_hist nrows rows cols vals b
  in (c1, and (map2 (==) (flatten c1) (flatten c2)))

def gen_sp (n: i64) (nnz: i64) (seed: i64) : ([nnz]i64, [nnz]i64, [nnz]i32) =
  (tabulate nnz (\e -> i64.u64 (h seed (3 * e) % u64.i64 n)),
   tabulate nnz (\e -> i64.u64 (h seed (3 * e + 1) % u64.i64 n)),
   tabulate nnz (\e -> i32.u64 (h seed (3 * e + 2) % 9) - 4))

-- Two generated n x n matrices: C's entries, the products, a weighted
-- checksum of C's values and the most entries in a row of C.
entry spgemm_gen (n: i64) (nnz: i64) (seed: i64) : (i64, i64, i64, i64) =
  let (ar, ac, av) = gen_sp n nnz seed
  let (br, bc, bv) = gen_sp n nnz (seed + 1)
  let (cr, cc, cv, flops) = sp_sp n ar ac av n n br bc bv
  let per_row = hist (+) 0 n cr (map (const 1i64) cr)
  in (length cr, i64.sum flops,
      i64.sum (map3 (\r c v -> i64.i32 v * ((r + c) % 5 + 1)) cr cc cv),
      reduce i64.max 0 per_row)
