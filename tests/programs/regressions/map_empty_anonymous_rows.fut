-- `map` over an empty array keeps the row shape even when the parameter's
-- sizes are anonymous (`[][][]i32`).
-- ==
-- input { empty([0][2][2]i32) } output { empty([0][2]i32) 0 }
-- input { [[[1,2],[3,4]],[[5,6],[7,8]]] } output { [[3,7],[11,15]] 36 }
entry main (xs: [][][]i32) = (map (map i32.sum) xs, i32.sum (flatten (flatten xs)))

-- The same with a scalar input beside the rows (an iota), and rows whose size the type
-- leaves to a loop: the result of no rows is still [0][3] (the interpreter gave [0][0];
-- found by tests/fuzz/soac_programs.py --type f32).
-- ==
-- entry: beside_iota
-- input { empty([0]f32) [1f32, 2f32, 3f32] } output { empty([0][3]f32) }
-- input { [5f32, 6f32] [1f32, 2f32, 3f32] } output { [[1f32, 2f32, 3f32], [1f32, 2f32, 3f32]] }

entry beside_iota [m][n] (y: [m]f32) (x: [n]f32) =
  map2 (\_ r -> r) (iota m) (map (\_ -> loop v = x for i < 2 do v) y)
