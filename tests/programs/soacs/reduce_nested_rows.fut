-- Reductions and scans over rows of two and more dimensions with operators that work
-- element by element at every level (`map2 (map2 f)`): a sum of matrices, running sums,
-- several operators fused over the same rows, an operator that does not commute, and
-- a row operator that is not element by element (on cuda: the flat column kernel, or
-- the host for the last).
-- ==
-- entry: sum_mats
-- input { [[[1f32, 2f32], [3f32, 4f32]], [[10f32, 20f32], [30f32, 40f32]], [[-1f32, 0f32], [0f32, 1f32]]] }
-- output { [[10f32, 22f32], [33f32, 45f32]] }
-- input { empty([0][2][3]f32) }
-- output { [[0f32, 0f32, 0f32], [0f32, 0f32, 0f32]] }
-- input { empty([4][2][0]f32) }
-- output { empty([2][0]f32) }

entry sum_mats [n][m][k] (a: [n][m][k]f32) : [m][k]f32 =
  reduce (map2 (map2 (+))) (replicate m (replicate k 0)) a

-- ==
-- entry: running
-- input { [[[1, 2], [3, 4]], [[5, 6], [7, 8]], [[0, -1], [-2, 0]]] }
-- output { [[[1, 2], [3, 4]], [[6, 8], [10, 12]], [[6, 7], [8, 12]]] }
-- input { empty([0][3][1]i32) }
-- output { empty([0][3][1]i32) }

entry running [n][m][k] (a: [n][m][k]i32) : [n][m][k]i32 =
  scan (map2 (map2 (+))) (replicate m (replicate k 0)) a

-- The sum and the largest of each element, and the last positive one (no commuting).
-- ==
-- entry: stats
-- input { [[[1, -2]], [[3, 0]], [[-5, 6]]] }
-- output { [[-1, 4]] [[3, 6]] [[3, 6]] }

entry stats [n][m][k] (a: [n][m][k]i32) : ([m][k]i32, [m][k]i32, [m][k]i32) =
  let s = reduce (map2 (map2 (+))) (replicate m (replicate k 0)) a
  let x = reduce (map2 (map2 i32.max)) (replicate m (replicate k i32.lowest)) a
  let l = reduce (map2 (map2 (\p q -> if q > 0 then q else p))) (replicate m (replicate k 0)) a
  in (s, x, l)

-- Four dimensions: rows of three.
-- ==
-- entry: sum4
-- input { [[[[1i64, 2i64]], [[3i64, 4i64]]], [[[5i64, 6i64]], [[7i64, 8i64]]]] }
-- output { [[[6i64, 8i64]], [[10i64, 12i64]]] }

entry sum4 [n][a][b][c] (x: [n][a][b][c]i64) : [a][b][c]i64 =
  reduce (map2 (map2 (map2 (+)))) (replicate a (replicate b (replicate c 0))) x

-- Products of 2×2 matrices (associative, not element by element).
-- ==
-- entry: products
-- input { [[[1, 1], [0, 1]], [[1, 0], [2, 1]], [[2, 0], [0, 1]]] }
-- output { [[6, 1], [4, 1]] }

entry products [n] (a: [n][2][2]i32) : [2][2]i32 =
  let mul (r: [2][2]i32) (s: [2][2]i32) =
    [[r[0][0] * s[0][0] + r[0][1] * s[1][0], r[0][0] * s[0][1] + r[0][1] * s[1][1]],
     [r[1][0] * s[0][0] + r[1][1] * s[1][0], r[1][0] * s[0][1] + r[1][1] * s[1][1]]]
  in reduce mul [[1, 0], [0, 1]] a

-- A tall stack of small matrices: many rows, few columns (chunks of rows on a GPU).
-- ==
-- entry: tall
-- input { 5000i64 }
-- output { [[5000i64, 12497500i64], [24995000i64, 5000i64]] [[1i64, 4999i64], [9998i64, 1i64]] }

entry tall (n: i64) : ([2][2]i64, [2][2]i64) =
  let a = tabulate n (\i -> [[1, i], [2 * i, 1]])
  let s = scan (map2 (map2 (+))) (replicate 2 (replicate 2 0)) a
  in (s[n - 1], reduce (map2 (map2 i64.max)) (replicate 2 (replicate 2 i64.lowest)) a)

-- Rows the column kernel cannot read straight: one free array for every row, rows of a
-- loop, and code around an inner map that fails even for rows of no columns (on cuda a
-- map kernel makes the rows first, then the column kernel reads them).
-- ==
-- entry: made_rows
-- input { [1, 2, 3] [10, 20] }
-- output { [[10, 20], [20, 40], [30, 60]] [16, 26] [22, 22] }
-- input { [1, 0, 3] [10, 20] }
-- error: division by zero
-- input { [1, 0] empty([0]i32) }
-- error: division by zero
-- input { empty([0]i32) [10, 20] }
-- output { empty([0][2]i32) [0, 0] [0, 0] }

entry made_rows [n][m] (xs: [n]i32) (y: [m]i32) : ([n][m]i32, [m]i32, [m]i32) =
  let s = scan (map2 (+)) (replicate m 0) (map (\_ -> y) xs)
  let l = reduce (map2 i32.max) (replicate m 0)
                 (map (\x -> loop (r: [m]i32) = y for i < 2 do map (+ x) r) xs)
  let d = reduce (map2 (+)) (replicate m 0)
                 (map (\x -> let q = 12 / x in map (\e -> e * 0 + q) y) xs)
  in (s, l, d)
