-- Sparse transpose: CSR to CSC by a histogram of columns, an exclusive scan and a scatter whose slots come from a reduction over the column indices inside a map over them; A^T x through the CSC form and through reduce_by_index.
-- ==
-- entry: to_csc
-- "3x4 with empty row and column"
-- input { 4i64 [0i64, 2i64, 2i64, 5i64] [0i64, 2i64, 0i64, 2i64, 3i64] [1f32, 2f32, -3f32, 0.5f32, 4f32] }
-- output { [0i64, 2i64, 2i64, 4i64, 5i64] [0i64, 2i64, 0i64, 2i64, 2i64] [1f32, -3f32, 2f32, 0.5f32, 4f32] }
-- "1x1"
-- input { 1i64 [0i64, 1i64] [0i64] [-2.5f32] }
-- output { [0i64, 1i64] [0i64] [-2.5f32] }
-- "no rows"
-- input { 3i64 [0i64] empty([0]i64) empty([0]f32) }
-- output { [0i64, 0i64, 0i64, 0i64] empty([0]i64) empty([0]f32) }
-- "all zero 2x2"
-- input { 2i64 [0i64, 0i64, 0i64] empty([0]i64) empty([0]f32) }
-- output { [0i64, 0i64, 0i64] empty([0]i64) empty([0]f32) }
-- "single column"
-- input { 1i64 [0i64, 1i64, 1i64, 2i64, 3i64, 3i64] [0i64, 0i64, 0i64] [1f32, 2f32, -1f32] }
-- output { [0i64, 3i64] [0i64, 2i64, 3i64] [1f32, 2f32, -1f32] }
-- "random 9x7"
-- input { 7i64 [0i64, 3i64, 5i64, 9i64, 11i64, 11i64, 13i64, 14i64, 16i64, 19i64] [1i64, 2i64, 6i64, 1i64, 4i64, 1i64, 2i64, 4i64, 6i64, 1i64, 4i64, 2i64, 5i64, 5i64, 1i64, 6i64, 0i64, 1i64, 5i64] [1.5f32, -2f32, 0.5f32, 2f32, -0.5f32, -2f32, -2f32, -1.5f32, -1.5f32, 1f32, -0.5f32, 1f32, 2f32, -2f32, -1.5f32, 2f32, 1.5f32, 1.5f32, 1f32] }
-- output { [0i64, 1i64, 7i64, 10i64, 10i64, 13i64, 16i64, 19i64] [8i64, 0i64, 1i64, 2i64, 3i64, 7i64, 8i64, 0i64, 2i64, 5i64, 1i64, 2i64, 3i64, 5i64, 6i64, 8i64, 0i64, 2i64, 7i64] [1.5f32, 1.5f32, 2f32, -2f32, 1f32, -1.5f32, 1.5f32, -2f32, -2f32, 1f32, -0.5f32, -1.5f32, -0.5f32, 2f32, -2f32, 1f32, 0.5f32, -1.5f32, 2f32] }
-- entry: spmv_t
-- "3x4 with empty row and column"
-- input { 4i64 [0i64, 2i64, 2i64, 5i64] [0i64, 2i64, 0i64, 2i64, 3i64] [1f32, 2f32, -3f32, 0.5f32, 4f32] [2f32, -1f32, 0.5f32] }
-- output { [0.5f32, 0f32, 4.25f32, 2f32] [0.5f32, 0f32, 4.25f32, 2f32] }
-- "1x1"
-- input { 1i64 [0i64, 1i64] [0i64] [-2.5f32] [4f32] }
-- output { [-10f32] [-10f32] }
-- "no rows"
-- input { 3i64 [0i64] empty([0]i64) empty([0]f32) empty([0]f32) }
-- output { [0f32, 0f32, 0f32] [0f32, 0f32, 0f32] }
-- "all zero 2x2"
-- input { 2i64 [0i64, 0i64, 0i64] empty([0]i64) empty([0]f32) [1f32, 2f32] }
-- output { [0f32, 0f32] [0f32, 0f32] }
-- "single column"
-- input { 1i64 [0i64, 1i64, 1i64, 2i64, 3i64, 3i64] [0i64, 0i64, 0i64] [1f32, 2f32, -1f32] [1f32, 2f32, 3f32, 4f32, 5f32] }
-- output { [3f32] [3f32] }
-- "random 9x7"
-- input { 7i64 [0i64, 3i64, 5i64, 9i64, 11i64, 11i64, 13i64, 14i64, 16i64, 19i64] [1i64, 2i64, 6i64, 1i64, 4i64, 1i64, 2i64, 4i64, 6i64, 1i64, 4i64, 2i64, 5i64, 5i64, 1i64, 6i64, 0i64, 1i64, 5i64] [1.5f32, -2f32, 0.5f32, 2f32, -0.5f32, -2f32, -2f32, -1.5f32, -1.5f32, 1f32, -0.5f32, 1f32, 2f32, -2f32, -1.5f32, 2f32, 1.5f32, 1.5f32, 1f32] [-0.75f32, 0.25f32, -0.5f32, 0.5f32, 0.5f32, -0.75f32, -0.5f32, 0.25f32, -0.25f32] }
-- output { [-0.375f32, 0.125f32, 1.75f32, 0f32, 0.375f32, -0.75f32, 0.875f32] [-0.375f32, 0.125f32, 1.75f32, 0f32, 0.375f32, -0.75f32, 0.875f32] }

-- The row of every nonzero: a histogram of row ends (an empty row's end lands
-- on the same slot as the next's; the last row's end, nnz, is dropped as out of
-- bounds) and an inclusive prefix sum of it.
def rows_of [r] (nnz: i64) (row_ptr: [r]i64) : [nnz]i64 =
  let ends = row_ptr[1:]
  in reduce_by_index (replicate nnz 0i64) (+) 0 ends (map (\_ -> 1i64) ends)
     |> scan (+) 0

-- CSR to CSC: nonzeros per column by a histogram, column pointers by an
-- exclusive scan, and every nonzero's slot: its column's start plus the number
-- of earlier nonzeros of the same column (a reduction over the column indices
-- inside a map over them), so rows stay sorted within a column.
def csc [r][nnz] (ncols: i64) (row_ptr: [r]i64) (col_idx: [nnz]i64) (vals: [nnz]f32)
    : ([]i64, [nnz]i64, [nnz]f32) =
  let counts = hist (+) 0i64 ncols col_idx (replicate nnz 1)
  let col_ptr = [0i64] ++ scan (+) 0 counts
  let rank = map2 (\k c -> map2 (\j c2 -> i64.bool (j < k && c2 == c)) (iota nnz) col_idx
                           |> reduce (+) 0)
                  (iota nnz) col_idx
  let dest = map2 (\c q -> col_ptr[c] + q) col_idx rank
  let rows = rows_of nnz row_ptr
  in (col_ptr,
      scatter (replicate nnz 0i64) dest rows,
      scatter (replicate nnz 0f32) dest vals)

entry to_csc [r][nnz] (ncols: i64) (row_ptr: [r]i64) (col_idx: [nnz]i64) (vals: [nnz]f32)
    : ([]i64, [nnz]i64, [nnz]f32) =
  csc ncols row_ptr col_idx vals

-- y = A^T x twice: with the CSC form (a loop over each column's nonzeros in a
-- map over the columns), and straight from CSR by reduce_by_index on columns.
entry spmv_t [r][nnz][m] (ncols: i64) (row_ptr: [r]i64) (col_idx: [nnz]i64)
                         (vals: [nnz]f32) (x: [m]f32) : ([ncols]f32, [ncols]f32) =
  let (col_ptr, row_idx, cvals) = csc ncols row_ptr col_idx vals
  let y1 = map (\j -> loop acc = 0f32 for k in col_ptr[j]..<col_ptr[j + 1] do
                        acc + cvals[k] * x[row_idx[k]])
               (iota ncols)
  let rows = rows_of nnz row_ptr
  let y2 = reduce_by_index (replicate ncols 0f32) (+) 0 col_idx
                           (map2 (\v i -> v * x[i]) vals rows)
  in (y1, y2)
