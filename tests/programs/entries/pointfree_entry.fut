-- An entry point whose definition is a function value of first-order type takes that
-- function's parameters (Futhark: a first-order entry point need not be syntactically
-- first-order): point-free, with a written function type, or partly applied.
-- ==
-- entry: add
-- input { [1, 2] [4, 5] } output { [5, 7] }
-- entry: total
-- input { [1f32, 2f32, 3.5f32] } output { 6.5f32 }
-- entry: outer
-- input { [1f32, 2f32] [3f32] } output { [[3f32], [6f32]] }
-- entry: plus2
-- input { 2 5 } output { 7 }
-- entry: adder
-- input { 4 6 } output { 10 }
-- entry: take_n
-- input { 2i64 [7, 8, 9] } output { [7, 8] }
def plus (x: i32) (y: i32) = x + y
def outer_ [n] [m] (xs: [n]f32) (ys: [m]f32) : [n][m]f32 = map (\x -> map (* x) ys) xs
entry add = map2 (i32.+)
entry total : []f32 -> f32 = f32.sum
entry outer [n] [m] : [n]f32 -> [m]f32 -> [n][m]f32 = outer_
entry plus2 = plus
entry adder (y: i32) : i32 -> i32 = \x -> x + y
entry take_n : (k: i64) -> []i32 -> [k]i32 = \k xs -> take k xs
