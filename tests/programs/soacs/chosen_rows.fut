-- Operators that choose one of their rows whole, of any width, reading elements at any
-- index (in loops too): the compiler makes them operators choosing the rows' indices
-- (compiler/passes/ChooseRows.h), and gathers the rows afterwards; on cuda they ran on
-- the host's cores before.  The results must be the interpreter's.

-- The row of the largest first element (the first of equal ones), reduced and scanned.
-- ==
-- entry: largest_first
-- input { [[1, 5, 0], [7, 2, 1], [3, 3, 3], [7, 1, 9]] }
-- output { [7, 2, 1] [[1, 5, 0], [7, 2, 1], [7, 2, 1], [7, 2, 1]] }
-- input { empty([0][3]i32) }
-- output { [-1, -1, -1] empty([0][3]i32) }
-- input { [[4], [9], [2]] }
-- output { [9] [[4], [9], [9]] }
-- input { empty([2][0]i32) }
-- error: Index \[0\] out of bounds for array of shape \[0\]

entry largest_first [n][m] (a: [n][m]i32) : ([m]i32, [n][m]i32) =
  let pick (x: [m]i32) (y: [m]i32) = if x[0] >= y[0] then x else y
  in (reduce pick (replicate m (-1)) a, scan pick (replicate m (-1)) a)

-- The largest row by its last element (a read at an index known at run time), and the
-- lexicographically largest row (a loop reading elements), each through nested ifs and a
-- copy of a row.
-- ==
-- entry: by_last_and_lexicographic
-- input { [[3f32, 1f32, 2f32], [3f32, 4f32, 0f32], [1f32, 9f32, 5f32], [3f32, 4f32, 1f32]] }
-- output { [1f32, 9f32, 5f32] [3f32, 4f32, 1f32] }
-- input { empty([0][2]f32) }
-- output { [0f32, 0f32] [0f32, 0f32] }

entry by_last_and_lexicographic [n][m] (a: [n][m]f32) : ([m]f32, [m]f32) =
  let by_last (x: [m]f32) (y: [m]f32) =
    let z = y in if x[m - 1] > z[m - 1] then x else if x[m - 1] < z[m - 1] then z else x
  let lex (x: [m]f32) (y: [m]f32) =
    let (decided, greater) =
      loop (decided, greater) = (false, false) for i < m do
        if decided then (decided, greater)
        else if x[i] != y[i] then (true, x[i] > y[i])
        else (false, false)
    in if greater then x else y
  in (reduce by_last (replicate m 0) a, reduce lex (replicate m 0) a)

-- A row chosen beside a count summed (a pair of operands), and rows of rows (a [2][m]
-- row) chosen by an element two indices deep.
-- ==
-- entry: pairs_and_rows_of_rows
-- input { [[[1, 2], [3, 4]], [[5, 0], [0, 0]], [[2, 9], [9, 2]]] }
-- output { [[5, 0], [0, 0]] 3 [[[1, 2], [3, 4]], [[1, 2], [3, 4]], [[2, 9], [9, 2]]] }

entry pairs_and_rows_of_rows [n][m] (a: [n][2][m]i32) : ([2][m]i32, i32, [n][2][m]i32) =
  let zero = replicate 2 (replicate m 0)
  let (best, count) =
    reduce (\(x, i) (y, j) -> if x[0][0] >= y[0][0] then (x, i + j) else (y, i + j))
           (zero, 0) (zip a (replicate n 1))
  in (best, count, scan (\x y -> if y[1][0] > x[1][0] then y else x) zero a)

-- reduce_by_index choosing rows: each bin keeps its own row until a row of a larger
-- first element comes; indices out of range are ignored.
-- ==
-- entry: best_per_bin
-- input { [0i64, 2i64, 0i64, -1i64, 7i64, 2i64] [[3, 1, 1], [5, 0, 0], [4, 9, 9], [8, 8, 8], [9, 9, 9], [1, 1, 1]]
--         [[0, 0, 0], [2, 2, 2], [6, 6, 6]] }
-- output { [[4, 9, 9], [2, 2, 2], [6, 6, 6]] }
-- input { empty([0]i64) empty([0][2]i32) [[1, 2]] }
-- output { [[1, 2]] }

entry best_per_bin [n][m][k] (is: [n]i64) (vs: [n][m]i32) (bins: [k][m]i32) : [k][m]i32 =
  reduce_by_index (copy bins) (\x y -> if x[0] >= y[0] then x else y) (replicate m i32.lowest)
                  is vs

-- Sub-rows taken at an index known at run time (checked: out of bounds fails, as
-- everywhere), then read.
-- ==
-- entry: sub_rows_at
-- input { [[[1, 2], [3, 4]], [[5, 0], [0, 0]], [[0, 0], [4, 1]]] 1i64 }
-- output { [[0, 0], [4, 1]] }
-- input { [[[1, 2], [3, 4]], [[5, 0], [0, 0]]] 0i64 }
-- output { [[5, 0], [0, 0]] }
-- input { [[[1, 2], [3, 4]], [[5, 0], [0, 0]]] 2i64 }
-- error: Index \[2\] out of bounds for array of shape \[2\]\[2\]

entry sub_rows_at [n][m] (a: [n][2][m]i32) (k: i64) : [2][m]i32 =
  reduce (\x y -> let r = x[k] let s = y[k] in if r[0] < s[0] then y else x)
         (replicate 2 (replicate m 0)) a

-- Two operands of rows, each chosen on its own (their indices apart).
-- ==
-- entry: two_choices
-- input { [[1, 5], [7, 2], [3, 3], [7, 1]] [[4, 0], [1, 1], [9, 9], [2, 8]] }
-- output { [7, 2] [9, 9] [[1, 5], [7, 2], [7, 2], [7, 2]] [[4, 0], [4, 0], [9, 9], [9, 9]] }
-- input { empty([0][2]i32) empty([0][2]i32) }
-- output { [0, 0] [0, 0] empty([0][2]i32) empty([0][2]i32) }

entry two_choices [n][m] (xs: [n][m]i32) (ys: [n][m]i32) =
  let op (a, x) (b, y) = (if a[0] >= b[0] then a else b, if x[0] >= y[0] then x else y)
  let (r, s) = reduce op (replicate m 0, replicate m 0) (zip xs ys)
  let (p, q) = unzip (scan op (replicate m 0, replicate m 0) (zip xs ys))
  in (r, s, p, q)
