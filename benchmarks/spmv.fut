-- Sparse matrix-vector product, the matrix in compressed rows given by row lengths:
-- each non-zero's column of x gathered with backpermute, the products summed per row
-- with fold_seg (Loom's collective operations, docs/language.md; Accelerate's smvm,
-- seed 000 §6).  The rows have at most 20 non-zeros: a loop a row (longer segments would
-- take a segmented scan of (flag, value) pairs and a gather of the segments' ends).
-- Random values cannot make its data (row lengths that sum to the non-zeros): only
-- benchmarks/run.py times it.
-- ==
-- nobench input { [2i64, 0i64, 1i64] [0i64, 2i64, 1i64] [1f32, 2f32, 3f32] [10f32, 20f32, 30f32] }
-- output { [70f32, 0f32, 60f32] }

entry main [n] [nnz] [m] (lens: [n]i64) (cols: [nnz]i64) (vals: [nnz]f32) (x: [m]f32) : [n]f32 =
  fold_seg (+) 0 lens (map2 (*) vals (backpermute nnz (\i -> cols[i]) x))
