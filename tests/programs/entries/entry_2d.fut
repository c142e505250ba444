-- An entry point taking and returning a matrix.
-- ==
-- entry: scale
-- input { 2 [[1, 2], [3, 4]] } output { [[2, 4], [6, 8]] }
-- input { 2 empty([0][2]i32) } output { empty([0][2]i32) }
entry scale [n] [m] (k: i32) (a: [n][m]i32) : [n][m]i32 = map (map (* k)) a
