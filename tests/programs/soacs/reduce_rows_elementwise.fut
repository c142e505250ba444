-- reduce over a matrix's rows with an element-by-element operator (`map2 f`): column
-- reductions, with an operator that does not commute (the last non-zero of each column),
-- floats, no rows, no columns, and more columns than a block.
-- ==
-- entry: last_nonzero
-- input { [[1, 0, 3], [0, 0, 7], [5, 0, 0]] }
-- output { [5, 0, 7] }
-- input { empty([0][3]i32) }
-- output { [0, 0, 0] }
-- input { empty([4][0]i32) }
-- output { empty([0]i32) }

entry last_nonzero [n][m] (a: [n][m]i32) : [m]i32 =
  reduce (map2 (\x y -> if y != 0 then y else x)) (replicate m 0) a

-- ==
-- entry: maxima
-- input { [[1.5f32, -2f32], [0.5f32, 3f32], [-1f32, 2.5f32]] }
-- output { [1.5f32, 3f32] }

entry maxima [n][m] (a: [n][m]f32) : [m]f32 =
  reduce (map2 f32.max) (replicate m f32.lowest) a

-- ==
-- entry: wide
-- input { 7i64 3000i64 }
-- output { 63000i64 21i64 21014i64 }

entry wide (n: i64) (m: i64) : (i64, i64, i64) =
  let a = tabulate_2d n m (\i j -> i + j)
  let s = reduce (map2 (+)) (replicate m 0) a
  in (i64.sum s - i64.sum (map (* n) (iota m)), s[0], s[m - 1])
