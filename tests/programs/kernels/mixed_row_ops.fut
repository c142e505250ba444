-- Reductions and scans over the same rows with operators on scalars and on rows of
-- different shapes, which horizontal fusion makes one screma.  On cuda a map kernel
-- makes every operand row, then a kernel takes each group of operators (those on
-- scalars, then those on rows of each shape); they ran on the host's cores before.
-- ==
-- entry: sums
-- input { [[1, 2], [3, 4], [5, 6]] [[1, 9, 2], [7, 0, 3], [2, 2, 8]] [1, 2, 3] }
-- output { 6 [9, 12] [7, 9, 8] }
-- input { empty([0][2]i32) empty([0][3]i32) empty([0]i32) }
-- output { 0 [0, 0] [-2147483648, -2147483648, -2147483648] }
-- input { [[1, 2]] empty([1][0]i32) [4] }
-- output { 4 [1, 2] empty([0]i32) }

entry sums [n][m][k] (xs: [n][m]i32) (ys: [n][k]i32) (zs: [n]i32) : (i32, [m]i32, [k]i32) =
  (i32.sum zs, reduce (map2 (+)) (replicate m 0) xs,
   reduce (map2 i32.max) (replicate k i32.lowest) ys)

-- ==
-- entry: replicated
-- input { [1, 2, 3] [10, 20] }
-- output { [[10, 20], [20, 40], [30, 60]] 6 [3, 3] }
-- input { empty([0]i32) [10, 20] }
-- output { empty([0][2]i32) 0 [0, 0] }

-- The rows of the matrices a free array, the same for every row, beside a sum of scalars.
entry replicated [n][m] (xs: [n]i32) (r: [m]i32) : ([n][m]i32, i32, [m]i32) =
  let rows = replicate n r
  let sc = scan (map2 (+)) (replicate m 0) rows
  let cnt = reduce (+) 0 xs
  let ones = reduce (map2 (+)) (replicate m 0) (map (\x -> map (\_ -> x - x + 1) r) xs)
  in (sc, cnt, map2 (*) ones (replicate m 1))
