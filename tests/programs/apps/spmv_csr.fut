-- Sparse matrix-vector product: CSR via a flag-segmented scan and via per-row loops, COO via reduce_by_index, COO-to-CSR conversion and repeated products; f32.
-- ==
-- entry: spmv_scan
-- "4x5 with empty rows"
-- input { [0i64, 2i64, 2i64, 5i64, 5i64] [0i64, 3i64, 0i64, 1i64, 4i64] [2f32, -1f32, 0.5f32, 3f32, 1.25f32] [1f32, -2f32, 0.5f32, 4f32, 8f32] }
-- output { [-2f32, 0f32, 4.5f32, 0f32] }
-- "empty first row"
-- input { [0i64, 0i64, 2i64, 3i64, 6i64] [0i64, 1i64, 2i64, 0i64, 1i64, 2i64] [1.5f32, -2.25f32, 7f32, 0.100000001f32, 0.200000003f32, 0.300000012f32] [10f32, 0.5f32, -3f32] }
-- output { [0f32, 13.875f32, -21f32, 0.199999988f32] }
-- "1x1"
-- input { [0i64, 1i64] [0i64] [-3.5f32] [2f32] }
-- output { [-7f32] }
-- "all rows empty"
-- input { [0i64, 0i64, 0i64] empty([0]i64) empty([0]f32) [1f32, 2f32] }
-- output { [0f32, 0f32] }
-- "no rows"
-- input { [0i64] empty([0]i64) empty([0]f32) [1.5f32] }
-- output { empty([0]f32) }
-- entry: spmv_rows
-- "4x5 with empty rows"
-- input { [0i64, 2i64, 2i64, 5i64, 5i64] [0i64, 3i64, 0i64, 1i64, 4i64] [2f32, -1f32, 0.5f32, 3f32, 1.25f32] [1f32, -2f32, 0.5f32, 4f32, 8f32] }
-- output { [-2f32, 0f32, 4.5f32, 0f32] }
-- "empty first row"
-- input { [0i64, 0i64, 2i64, 3i64, 6i64] [0i64, 1i64, 2i64, 0i64, 1i64, 2i64] [1.5f32, -2.25f32, 7f32, 0.100000001f32, 0.200000003f32, 0.300000012f32] [10f32, 0.5f32, -3f32] }
-- output { [0f32, 13.875f32, -21f32, 0.199999988f32] }
-- "1x1"
-- input { [0i64, 1i64] [0i64] [-3.5f32] [2f32] }
-- output { [-7f32] }
-- "all rows empty"
-- input { [0i64, 0i64, 0i64] empty([0]i64) empty([0]f32) [1f32, 2f32] }
-- output { [0f32, 0f32] }
-- "no rows"
-- input { [0i64] empty([0]i64) empty([0]f32) [1.5f32] }
-- output { empty([0]f32) }
-- entry: spmv_coo
-- "unsorted with duplicate entries"
-- input { 4i64 [3i64, 0i64, 2i64, 0i64, 3i64, 2i64, 0i64] [1i64, 2i64, 0i64, 2i64, 3i64, 2i64, 0i64] [1.5f32, -2f32, 4f32, 0.25f32, 1f32, -1f32, 3f32] [2f32, -1f32, 0.5f32, 3f32] }
-- output { [5.125f32, 0f32, 7.5f32, 1.5f32] }
-- "6 rows, 4 used"
-- input { 6i64 [3i64, 0i64, 2i64, 0i64, 3i64, 2i64, 0i64] [1i64, 2i64, 0i64, 2i64, 3i64, 2i64, 0i64] [1.5f32, -2f32, 4f32, 0.25f32, 1f32, -1f32, 3f32] [2f32, -1f32, 0.5f32, 3f32] }
-- output { [5.125f32, 0f32, 7.5f32, 1.5f32, 0f32, 0f32] }
-- "1x1"
-- input { 1i64 [0i64] [0i64] [2.5f32] [-4f32] }
-- output { [-10f32] }
-- "no nonzeros"
-- input { 3i64 empty([0]i64) empty([0]i64) empty([0]f32) [1f32, 2f32] }
-- output { [0f32, 0f32, 0f32] }
-- "zero rows"
-- input { 0i64 empty([0]i64) empty([0]i64) empty([0]f32) empty([0]f32) }
-- output { empty([0]f32) }
-- entry: coo_power
-- "4x4, 3 steps"
-- input { 3i32 [1i64, 0i64, 3i64, 2i64, 0i64, 1i64, 3i64, 2i64, 1i64] [0i64, 1i64, 2i64, 3i64, 3i64, 2i64, 0i64, 1i64, 3i64] [0.5f32, 0.5f32, 1f32, 0.25f32, 0.5f32, 0.5f32, 0.5f32, 1f32, 0.25f32] [1f32, 2f32, 3f32, 4f32] }
-- output { [0i64, 2i64, 5i64, 7i64, 9i64] [4.1875f32, 4.6875f32, 5f32, 5.5f32] }
-- "4x4, 10 steps"
-- input { 10i32 [1i64, 0i64, 3i64, 2i64, 0i64, 1i64, 3i64, 2i64, 1i64] [0i64, 1i64, 2i64, 3i64, 3i64, 2i64, 0i64, 1i64, 3i64] [0.5f32, 0.5f32, 1f32, 0.25f32, 0.5f32, 0.5f32, 0.5f32, 1f32, 0.25f32] [1f32, 2f32, 3f32, 4f32] }
-- output { [0i64, 2i64, 5i64, 7i64, 9i64] [19.5372314f32, 22.5480957f32, 23.2384033f32, 26.6429443f32] }
-- "zero steps"
-- input { 0i32 [1i64, 0i64, 3i64, 2i64, 0i64, 1i64, 3i64, 2i64, 1i64] [0i64, 1i64, 2i64, 3i64, 3i64, 2i64, 0i64, 1i64, 3i64] [0.5f32, 0.5f32, 1f32, 0.25f32, 0.5f32, 0.5f32, 0.5f32, 1f32, 0.25f32] [1f32, 2f32, 3f32, 4f32] }
-- output { [0i64, 2i64, 5i64, 7i64, 9i64] [1f32, 2f32, 3f32, 4f32] }
-- "1x1, 5 steps"
-- input { 5i32 [0i64] [0i64] [-2f32] [0.75f32] }
-- output { [0i64, 1i64] [-24f32] }
-- "no nonzeros"
-- input { 2i32 empty([0]i64) empty([0]i64) empty([0]f32) [1f32, 2f32, 3f32] }
-- output { [0i64, 0i64, 0i64, 0i64] [0f32, 0f32, 0f32] }

-- Segmented sum built from an ordinary scan over (flag, value) pairs.
def segmented_sum [n] (flags: [n]bool) (xs: [n]f32) : [n]f32 =
  let op (f1: bool, x1: f32) (f2: bool, x2: f32) = (f1 || f2, if f2 then x2 else x1 + x2)
  in scan op (false, 0f32) (zip flags xs) |> map (.1)

-- y = A x with A in CSR form (row_ptr has one more entry than A has rows).
-- Flags mark the first nonzero of every row; a row's sum is the scan value at
-- its last nonzero, and empty rows give 0.
entry spmv_scan [r][nnz][n] (row_ptr: [r]i64) (col_idx: [nnz]i64)
                            (vals: [nnz]f32) (x: [n]f32) : []f32 =
  let m = r - 1
  let prods = map2 (\c v -> v * x[c]) col_idx vals
  let starts = row_ptr[:m]
  let flags = scatter (replicate nnz false) starts (replicate m true)
  let sums = segmented_sum flags prods
  in tabulate m (\i -> let (b, e) = (row_ptr[i], row_ptr[i + 1])
                      in if e > b then sums[e - 1] else 0f32)

-- One thread per row, with a sequential loop over the row's nonzeros.
entry spmv_rows [r][nnz][n] (row_ptr: [r]i64) (col_idx: [nnz]i64)
                            (vals: [nnz]f32) (x: [n]f32) : []f32 =
  map2 (\b e -> loop acc = 0f32 for k in b..<e do acc + vals[k] * x[col_idx[k]])
       (init row_ptr) (tail row_ptr)

-- COO form: scatter-add of the products into the rows with reduce_by_index.
entry spmv_coo [nnz][n] (m: i64) (rows: [nnz]i64) (cols: [nnz]i64)
                        (vals: [nnz]f32) (x: [n]f32) : [m]f32 =
  reduce_by_index (replicate m 0f32) (+) 0f32 rows (map2 (\c v -> v * x[c]) cols vals)

-- Convert COO (any order) to CSR with a histogram, a prefix sum and a counting sort,
-- then apply the CSR matrix k times (y_{i+1} = A y_i), also returning the
-- row pointer.  Needs a square matrix.
entry coo_power [nnz][n] (k: i32) (rows: [nnz]i64) (cols: [nnz]i64)
                         (vals: [nnz]f32) (x: [n]f32) : ([]i64, [n]f32) =
  let counts = hist (+) 0i64 n rows (replicate nnz 1)
  let row_ptr = [0i64] ++ scan (+) 0 counts
  -- counting sort: each entry's slot in CSR order (stable within a row)
  let (_, pos) =
    loop (next, pos) = (copy row_ptr[:n], replicate nnz 0i64) for i < nnz do
      let r = rows[i]
      let slot = next[r]
      in (next with [r] = slot + 1, pos with [i] = slot)
  let sorted_cols = scatter (replicate nnz 0i64) pos cols
  let sorted_vals = scatter (replicate nnz 0f32) pos vals
  let y = loop y = x for _i < k do
            sized n (spmv_rows row_ptr sorted_cols sorted_vals y)
  in (row_ptr, y)
