-- A slice of a whole dimension (`g[:, i]`, `xs[::-1]`) has the array's size, so a map
-- whose rows are such slices is regular on the compiled backends too (the cpu compiler
-- took each row's size for one known only after the call).
-- ==
-- entry: columns
-- input { [[1f32, 2, 3], [4, 5, 6]] } output { [[1f32, 4], [2, 5], [3, 6]] }
-- entry: first_column_after
-- input { [[1f32, 2, 3], [4, 5, 6]] } output { [[1f32, 4], [1, 4], [1, 4]] }
-- entry: reversed_rows
-- input { [[1, 2, 3], [4, 5, 6]] } output { [[3, 2, 1], [6, 5, 4]] }
entry columns [n][s] (g: [n][s]f32) : [s][n]f32 = map (\i -> g[:, i]) (iota s)

entry first_column_after [n][s] (g: [n][s]f32) : [s][n]f32 =
  map (\i -> if i < 1 then g[:, i] else g[:, 0]) (iota s)

entry reversed_rows [n][m] (xss: [n][m]i32) : [n][m]i32 = map (\i -> xss[i, ::-1]) (iota n)
