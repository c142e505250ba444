-- Operators on rows that are not element by element.  Those choosing one of their rows
-- whole (the first three entries) became operators choosing indices
-- (compiler/passes/ChooseRows.h): GPU kernels on cuda.  The others (the last three: a
-- composition of permutations, an operator making a literal row in a reduce_by_index)
-- the cuda backend does not yet express as GPU kernels: its host program runs them on
-- the host's cores (the report says so, with why).  The same results as everywhere.
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

-- Permutations composed: (p then q)[i] = q[p[i]], associative, not element by element.
-- ==
-- entry: composed
-- input { [[1i64, 2i64, 0i64], [0i64, 2i64, 1i64], [1i64, 0i64, 2i64]] }
-- output { [2i64, 0i64, 1i64] [[1i64, 2i64, 0i64], [2i64, 1i64, 0i64], [2i64, 0i64, 1i64]] }
-- input { empty([0][4]i64) }
-- output { [0i64, 1i64, 2i64, 3i64] empty([0][4]i64) }

entry composed [n][m] (ps: [n][m]i64) : ([m]i64, [n][m]i64) =
  let compose (p: [m]i64) (q: [m]i64) : [m]i64 = map (\i -> q[i]) p
  in (reduce compose (iota m) ps, scan compose (iota m) ps)

-- ==
-- entry: sums_and_products
-- input { [0i64, 1i64, 0i64, 5i64] [[3, 2], [5, 3], [4, 4], [1, 1]] }
-- output { [[7, 8], [5, 3], [0, 1]] }

entry sums_and_products (is: []i64) (vs: [][2]i32) =
  hist (\a b -> [a[0] + b[0], a[1] * b[1]]) [0, 1] 3 is vs
