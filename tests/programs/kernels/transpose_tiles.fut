-- Transposes kept in memory (on the GPU, a kernel of 32x32 tiles through shared memory):
-- sizes below one tile, across tile edges, empty; rank 3; bools; a transpose returned.
-- ==
-- entry: chk
-- input { 0i64 5i64 } output { 0i64 }
-- input { 1i64 1i64 } output { 0i64 }
-- input { 37i64 70i64 } output { 4399932145i64 }
-- input { 64i64 33i64 } output { 2388976480i64 }

entry chk (n: i64) (m: i64) : i64 =
  let a = unflatten (iota (n * m) :> [n * m]i64) :> [n][m]i64
  let t = transpose a
  in reduce (+) 0 (map2 (*) (flatten t) (iota (m * n) :> [m * n]i64))

-- ==
-- entry: rank3
-- input { 5i64 3i64 } output { [[[0i32, 1i32], [10i32, 11i32], [20i32, 21i32], [30i32, 31i32], [40i32, 41i32]], [[100i32, 101i32], [110i32, 111i32], [120i32, 121i32], [130i32, 131i32], [140i32, 141i32]], [[200i32, 201i32], [210i32, 211i32], [220i32, 221i32], [230i32, 231i32], [240i32, 241i32]]] }

entry rank3 (n: i64) (m: i64) : [m][n][2]i32 =
  transpose (tabulate n (\i -> tabulate m (\j -> tabulate 2 (\k -> i32.i64 (i * 10 + j * 100 + k)))))

-- ==
-- entry: bools
-- input { [[true, false, false], [false, true, true]] } output { [[true, false], [false, true], [false, true]] }

entry bools (a: [][]bool) = transpose a
