-- A size given by an application (`iota (i64.i32 p)`) is unknown to the checker, not a
-- rigid existential: two of them zip, and the sizes are checked when the program runs
-- (tests/errors/runtime/sizes/size_of_application_differs.fut).  A prelude function's
-- own unknown result size (`zip s p` where p's rows are unknown in a loop) is not made
-- rigid either.
-- ==
-- entry: main
-- input { 3 } output { [0i64, 1i64, 2i64] }
-- entry: loop_zip
-- input { 2 [[1f32, 2f32], [3f32, 4f32]] } output { [[3f32, 6f32], [9f32, 12f32]] }
def add [n] (a: [n]f32, b: [n]f32) : [n]f32 = map2 (+) a b
entry main (p: i32) = map (.0) (zip (iota (i64.i32 p)) (iota (i64.i32 p)))
entry loop_zip [k] (m: i32) (s: [k][2]f32) = loop p = copy s for _j < m do map add (zip s p)
