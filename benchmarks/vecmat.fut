-- Vector-matrix product v·A: each row of A scaled by its weight in v, then the columns
-- summed (a reduction over rows, element by element, of mapped rows: on cuda a thread
-- per column and chunk of rows, each element mapped where it is read).
-- ==
-- nobench input { [[1f32, 2f32, 3f32], [4f32, 5f32, 6f32]] [2f32, 10f32] }
-- output { [42f32, 54f32, 66f32] }
-- nobench input { empty([0][2]f32) empty([0]f32) }
-- output { [0f32, 0f32] }
-- notest random input { [4096][4096]f32 [4096]f32 }

entry main [n][m] (a: [n][m]f32) (v: [n]f32) : [m]f32 =
  reduce (map2 (+)) (replicate m 0) (map2 (\row x -> map (* x) row) a v)
