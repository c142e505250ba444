-- Reductions and scans of rows element by element whose map part can fail but hands its
-- rows on as they are (the fuzzer's seed 1432): on a GPU the column kernel reads the rows
-- straight from the input, and the map part, which holds the failure, must still run.

-- ==
-- entry: max_rows
-- input { [[1f32, 5f32], [3f32, 2f32]] [1f32, 2f32, 3f32, 4f32] }
-- output { [3f32, 5f32] [[1f32, 5f32], [3f32, 5f32]] }
-- input { [[1f32, 5f32], [3f32, 2f32]] [1f32, 2f32, 3f32] }
-- error: Index \[3\] out of bounds for array of shape \[3\]
-- input { empty([0][2]f32) [1f32] }
-- output { [-f32.inf, -f32.inf] empty([0][2]f32) }

entry max_rows [n][m] (xss: [n][m]f32) (ys: []f32) : ([m]f32, [n][m]f32) =
  let rows = map (\r -> let _ = copy ys with [3] = 0f32 in r) xss
  in (reduce (map2 f32.max) (replicate m f32.lowest) rows, scan (map2 f32.max) (replicate m f32.lowest) rows)
