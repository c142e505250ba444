-- A map of maps over no rows, in a loop, whose innermost function runs a loop on an
-- annotated row: the interpreter took the outer map's row shape from one zero row, whose
-- inner map (called without a type) made rows of no elements, so [0][0][9] came out as
-- [0][0][0] (and failed a declared result type).  Found by writing applications (LBM).
-- ==
-- input { 1 empty([0][0][9]f64) } output { empty([0][0][9]f64) }
-- input { 2 empty([0][3][9]f64) } output { empty([0][3][9]f64) }
-- input { 1 [[[1f64, 2f64, 3f64, 4f64, 5f64, 6f64, 7f64, 8f64, 9f64]]] }
-- output { [[[1f64, 2f64, 3f64, 4f64, 5f64, 6f64, 7f64, 8f64, 9f64]]] }

entry main [ny] [nx] (steps: i32) (f0: [ny][nx][9]f64) : [ny][nx][9]f64 =
  loop f = f0 for _i < steps do map (map (\(fc: [9]f64) -> loop g = fc for _j < 1 do g)) f
