-- reduce (and scan) over mapped rows with an element-by-element operator: a vector-matrix
-- product (each row scaled by its weight, then the columns summed), squares of a matrix,
-- an operator that does not commute over rows mapped with a free array and an iota, no
-- rows, no columns, more columns than a block, a failing element, and prefix sums of
-- columns.
-- ==
-- entry: vecmat
-- input { [[1f32, 2f32, 3f32], [4f32, 5f32, 6f32]] [2f32, 10f32] }
-- output { [42f32, 54f32, 66f32] }
-- input { empty([0][2]f32) empty([0]f32) }
-- output { [0f32, 0f32] }
-- input { empty([3][0]f32) [1f32, 2f32, 3f32] }
-- output { empty([0]f32) }

entry vecmat [n][m] (a: [n][m]f32) (v: [n]f32) : [m]f32 =
  reduce (map2 (+)) (replicate m 0) (map2 (\row x -> map (* x) row) a v)

-- ==
-- entry: squares
-- input { [[1, -2], [3, 4], [-5, 6]] }
-- output { [35, 56] }

entry squares [n][m] (a: [n][m]i32) : [m]i32 =
  reduce (map2 (+)) (replicate m 0) (map (map (\x -> x * x)) a)

-- The last row whose shifted element is positive, per column: rows mapped with the
-- row's index and a free array.
-- ==
-- entry: last_positive
-- input { [[1, -1, 0], [-3, 2, 0], [0, 0, 0]] [0, 1, -1] }
-- output { [0, 2, -1] }

entry last_positive [n][m] (a: [n][m]i32) (shift: [m]i32) : [m]i32 =
  reduce (map2 (\x y -> if y >= 0 then y else x)) (replicate m (-1))
         (map2 (\row i -> map2 (\e s -> if e + s > 0 then i32.i64 i else -1) row shift) a (iota n))

-- ==
-- entry: wide
-- input { 5i64 3000i64 }
-- output { 9000i64 4i64 5i64 }

entry wide (n: i64) (m: i64) : (i64, i64, i64) =
  let a = tabulate_2d n m (\i j -> i * j)
  let s = reduce (map2 (+)) (replicate m 0) (map (map (\x -> x % 3)) a)
  in (i64.sum s, s[1], s[m - 1])

-- An element whose index is out of bounds fails, with the interpreter's message.
-- ==
-- entry: gather_cols
-- input { [[1, 2], [3, 4]] [1i64, 0i64] }
-- output { [6, 4] }
-- input { [[1, 2], [3, 4]] [1i64, 2i64] }
-- error: Index \[2\] out of bounds
entry gather_cols [n][m] (a: [n][m]i32) (js: [m]i64) : [m]i32 =
  reduce (map2 (+)) (replicate m 0) (map (\row -> map (\j -> row[j]) js) a)

-- ==
-- entry: column_prefix
-- input { [[1, 2], [3, 4], [5, 6]] }
-- output { [[1, 2], [4, 6], [9, 12]] }
-- input { empty([0][2]i32) }
-- output { empty([0][2]i32) }
-- input { empty([2][0]i32) }
-- output { empty([2][0]i32) }

entry column_prefix [n][m] (a: [n][m]i32) : [n][m]i32 = scan (map2 (+)) (replicate m 0) a

-- ==
-- entry: mapped_prefix
-- input { [[1, 2], [3, 4], [5, 6]] }
-- output { [[0, 2], [6, 14], [26, 44]] }
-- input { empty([2][0]i32) }
-- output { empty([2][0]i32) }

entry mapped_prefix [n][m] (a: [n][m]i32) : [n][m]i32 =
  scan (map2 (+)) (replicate m 0) (map (map (\x -> x * x - x)) a)

-- The last element above 4 so far, per column (an operator that does not commute).
-- ==
-- entry: last_big
-- input { [[1, 2], [3, 7], [5, 6], [0, 1]] }
-- output { [[0, 0], [0, 7], [5, 6], [5, 6]] }

entry last_big [n][m] (a: [n][m]i32) : [n][m]i32 =
  scan (map2 (\x y -> if y > 4 then y else x)) (replicate m 0) a

-- Several operators over the same rows, fused into one kernel: column sums and maxima,
-- sums of the rows and of their squares (one operand a row, one mapped), and a scan with
-- a reduce.
-- ==
-- entry: col_stats
-- input { [[1f32, -2f32], [3f32, 5f32], [-4f32, 0.5f32]] }
-- output { [0f32, 3.5f32] [3f32, 5f32] [26f32, 29.25f32] }
-- input { empty([0][2]f32) }
-- output { [0f32, 0f32] [-f32.inf, -f32.inf] [0f32, 0f32] }
-- input { empty([3][0]f32) }
-- output { empty([0]f32) empty([0]f32) empty([0]f32) }

entry col_stats [n][m] (xs: [n][m]f32) : ([m]f32, [m]f32, [m]f32) =
  ( reduce (map2 (+)) (replicate m 0) xs
  , reduce (map2 f32.max) (replicate m f32.lowest) xs
  , reduce (map2 (+)) (replicate m 0) (map (map (\x -> x * x)) xs) )

-- ==
-- entry: prefix_and_total
-- input { [[1, 2], [3, 4], [5, 6]] }
-- output { [[1, 2], [4, 6], [9, 12]] [9, 12] }

entry prefix_and_total [n][m] (xs: [n][m]i32) : ([n][m]i32, [m]i32) =
  (scan (map2 (+)) (replicate m 0) xs, reduce (map2 (+)) (replicate m 0) xs)

-- A tall matrix: on cuda its few columns split the rows into chunks of many rows (each
-- chunk's fold, the carries between chunks, each chunk scanned again from its carry).
-- ==
-- entry: tall_prefix
-- input { 5000i64 3i64 }
-- output { [14995i64, 14996i64, 14997i64] [7498i64, 7499i64, 7500i64] [0i64, 0i64, 0i64]
--          [14995i64, 14996i64, 14997i64] }

entry tall_prefix (n: i64) (m: i64) : ([m]i64, [m]i64, [m]i64, [m]i64) =
  let a = tabulate_2d n m (\i j -> i * (j + 1) % 7)
  let s = scan (map2 (+)) (replicate m 0) a
  in (s[n - 1], s[n / 2], s[0], reduce (map2 (+)) (replicate m 0) a)
