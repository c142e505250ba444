-- Reductions and scans of rows with element-by-element operators fold each row into an
-- accumulator of their own, in place (cpu, and sequential code everywhere): the neutral
-- row itself is never written, a row the map part makes for two operators is folded into
-- both, and reductions of rows nested in a map (a sequential fold per element of the map).
-- ==
-- entry: neutral_kept
-- input { [[1, 2], [3, 4]] }
-- output { [4, 6] [0, 0] [[1, 2], [4, 6]] }

entry neutral_kept [n][m] (xs: [n][m]i32) : ([m]i32, [m]i32, [n][m]i32) =
  let z = replicate m 0
  in (reduce (map2 (+)) z xs, z, scan (map2 (+)) z xs)

-- ==
-- entry: shared_row
-- input { [[1, -2], [3, 5]] }
-- output { [8, 6] [6, 10] }

entry shared_row [n][m] (xs: [n][m]i32) : ([m]i32, [m]i32) =
  let ys = map (map (* 2)) xs
  in (reduce (map2 (+)) (replicate m 0) ys, reduce (map2 i32.max) (replicate m i32.lowest) ys)

-- ==
-- entry: nested
-- input { [[[1, 2], [3, 4]], [[5, 6], [7, 8]], [[0, 0], [1, -1]]] }
-- output { [[4, 6], [12, 14], [1, -1]] [[2, 4], [10, 12], [0, 0]] }

entry nested [k][n][m] (xsss: [k][n][m]i32) : ([k][m]i32, [k][m]i32) =
  ( map (\xss -> reduce (map2 (+)) (replicate m 0) xss) xsss
  , map (\xss -> reduce (map2 (+)) (replicate m 0) (map (map (* 2)) (take 1 xss))) xsss )
