-- Foreign functions on arrays (docs/language.md): C receives the sizes, then the arrays
-- (contiguous, row-major), then a place for each result.  On every backend the call
-- runs on the host; the code around it compiles and fuses as usual, and a map calling
-- one for each row runs on the host on the cuda backend.

foreign "arrays.h" def dot [n] (x: [n]f64) (y: [n]f64): f64
foreign "arrays.h" def matvec [m] [n] (a: [m][n]f32) (x: [n]f32): [m]f32
foreign "arrays.h" def prefix_total [n] (xs: [n]i32) (scale: i32): ([n]i64, i64)
foreign "arrays.h" def transpose_u8 [r] [c] (a: [r][c]u8): [c][r]u8

-- A dot product of computed arrays, and of each row of a matrix with itself.
-- ==
-- entry: dots
-- input { [1.0, 2.0, 3.0] [[1.0, 2.0], [3.0, 4.0]] }
-- output { 26.0 [5.0, 25.0] }
-- input { empty([0]f64) empty([0][2]f64) }
-- output { 0.0 empty([0]f64) }

entry dots [n] [r] [c] (xs: [n]f64) (m: [r][c]f64) =
  (dot (map (* 2) xs) (map (+ 1) xs) - dot xs xs,
   map (\row -> dot row row) m)

-- A matrix-vector product, then Loom code on its result.
-- ==
-- entry: mv
-- input { [[1f32, 2f32, 3f32], [4f32, 5f32, 6f32]] [1f32, 0f32, -1f32] }
-- output { [-2f32, -2f32] -4f32 }

entry mv [m] [n] (a: [m][n]f32) (x: [n]f32) =
  let y = matvec a x
  in (y, f32.sum y)

-- Two results (a tuple), a scalar parameter among arrays, and a 2-D result whose shape
-- is the parameters' sizes swapped.
-- ==
-- entry: pt
-- input { [1, 2, 3, 4] 10 [[1u8, 2u8, 3u8], [4u8, 5u8, 6u8]] }
-- output { [0i64, 10i64, 30i64, 60i64] 100i64 [[1u8, 4u8], [2u8, 5u8], [3u8, 6u8]] }
-- input { empty([0]i32) 3 empty([0][3]u8) }
-- output { empty([0]i64) 0i64 empty([3][0]u8) }

entry pt [n] [r] [c] (xs: [n]i32) (s: i32) (g: [r][c]u8) =
  let (ps, total) = prefix_total xs s
  in (ps, total, transpose_u8 g)

-- Calls for each row of a map giving arrays and tuples: each row's results written into
-- the map's.
-- ==
-- entry: rows
-- input { [[[1u8, 2u8], [3u8, 4u8]], [[5u8, 6u8], [7u8, 8u8]]] [[1, 2, 3], [4, 5, 6]] }
-- output { [[[1u8, 3u8], [2u8, 4u8]], [[5u8, 7u8], [6u8, 8u8]]] [[0i64, 2i64, 6i64], [0i64, 8i64, 18i64]] [12i64, 30i64] }

entry rows [k] [r] [c] [m] [n] (g: [k][r][c]u8) (xs: [m][n]i32) =
  let (ps, ts) = unzip (map (\row -> prefix_total row 2) xs)
  in (map transpose_u8 g, ps, ts)
