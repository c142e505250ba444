-- A size parameter determined by a function argument, through a map and a pipeline.
def width [n] (g: [n]f32 -> f32) : i64 = n
def apply_all [n] (g: [n]f32 -> f32) (xss: [][n]f32) : []f32 = map g xss
-- ==
-- input { [[1f32, 2f32], [3f32, 4f32]] } output { 2i64 [3f32, 7f32] }
entry main [m] (xss: [][m]f32) =
  (width (\(r: [m]f32) -> r[0]), xss |> apply_all (\r -> reduce (+) 0 r))
