-- `xs |> f` and `f <| xs` are `f xs`: fresh where f's result is, so updating them in
-- place consumes neither xs nor anything else.
-- ==
-- input { [1f32, 2f32, 3f32] } output { [9f32, 3f32, 4f32] [1f32, 4f32, 6f32] [1f32, 2f32, 3f32] }
def main [n] (xs: [n]f32) =
  let b = xs |> map (+ 1)
  let b[0] = 9
  let (_, c) = unzip <| map (\x -> (x, x * 2)) xs
  let c[0] = 1
  in (b, c, xs)
