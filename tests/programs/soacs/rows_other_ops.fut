-- Operators on rows that the cuda backend does not yet express as GPU kernels: a
-- reduce_by_index, a scan and a reduce with an operator that is not element by element.  On cuda the host program runs them on the host's cores (the report says so, with
-- why): the same results as everywhere.
-- ==
-- entry: best_rows
-- input { [0i64, 1i64, 0i64, 2i64, 7i64] [[3, 1], [5, 0], [4, 9], [2, 2], [8, 8]] }
-- output { [[4, 9], [5, 0], [2, 2]] }

entry best_rows (is: []i64) (vs: [][2]i32) =
  hist (\a b -> if a[0] >= b[0] then a else b) (replicate 2 0) 3 is vs

-- ==
-- entry: running_best
-- input { [[1, 2], [3, 0], [2, 9], [5, 5]] }
-- output { [[1, 2], [3, 0], [3, 0], [5, 5]] }
-- input { empty([0][2]i32) }
-- output { empty([0][2]i32) }

entry running_best [n][m] (a: [n][m]i32) : [n][m]i32 =
  scan (\x y -> if y[0] > x[0] then y else x) (replicate m i32.lowest) a

-- ==
-- entry: first_max_row
-- input { [[1, 5], [7, 2], [3, 3], [7, 1]] }
-- output { [7, 2] }

entry first_max_row [n][m] (a: [n][m]i32) : [m]i32 =
  reduce (\x y -> if x[0] >= y[0] then x else y) (replicate m i32.lowest) a
