-- scatter_2d, scatter_3d and reduce_by_index_2d on arrays of tuples and records: one
-- loop variable per leaf when compiled (was a compiler limitation, "multi-dimensional
-- scatter of tuples"); indices out of range are skipped, later writes win.
-- ==
-- entry: scatter2
-- input { 3i64 } output { [[0i64, 3i64], [2i64, 0i64]] [[false, true], [false, false]] }
-- entry: hist2
-- input { 3i64 } output { [[0i64, 7i64], [2i64, 0i64]] [[1i64, 10i64], [3i64, 1i64]] }
-- entry: scatter3
-- input { 3i32 }
-- output { [[[0i32, 3i32], [0i32, 1i32]]] [[[false, false], [false, true]]] [[[0f32, 2f32], [0f32, 1.5f32]]] }

entry scatter2 (n: i64) =
  unzip (map unzip (scatter_2d (replicate 2 (replicate 2 (0i64, false))) [(0, 1), (1, 0), (2, 0)]
                               [(n, true), (2, false), (7, true)]))

entry hist2 (n: i64) =
  unzip (map unzip (reduce_by_index_2d (replicate 2 (replicate 2 (0i64, 1i64)))
                                       (\(a, b) (c, d) -> (a + c, b * d)) (0, 1)
                                       [(0, 1), (1, 0), (0, 1), (5, 5), (-1, 0)]
                                       [(n, 2), (2, 3), (4, 5), (9, 9), (9, 9)]))

entry scatter3 (n: i32) =
  let r = scatter_3d (replicate 1 (replicate 2 (replicate 2 (0i32, {a = false, b = 0f32}))))
                     [(0, 1, 1), (0, 0, 1), (1, 0, 0)]
                     [(1, {a = true, b = 1.5}), (n, {a = false, b = 2}), (5, {a = true, b = 5})]
  in (map (map (map (.0))) r, map (map (map (.1.a))) r, map (map (map (.1.b))) r)
