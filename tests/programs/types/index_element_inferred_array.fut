-- Indexing with two indices an array whose element type was found to be an array only
-- after the array's own type (`map unzip x |> unzip`: `[d]t`, then t = [s]u16).
-- ==
-- input { [[1f32, 2f32], [3f32, 4f32]] [[5u16, 6u16], [7u16, 8u16]] } output { 6u16 8u16 }
def main [d][s] (a: [d][s]f32) (b: [d][s]u16) =
  let x = map2 zip a b
  let (_, ys) = map unzip x |> unzip
  in (ys[0, 1], ys[1][1])
