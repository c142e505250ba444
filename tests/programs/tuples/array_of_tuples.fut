-- Arrays of tuples, created with zip and taken apart with unzip.
-- ==
-- input { [1, 2, 3] [4.0f32, 5.0f32, 6.0f32] } output { [2, 3, 4] [8.0f32, 10.0f32, 12.0f32] }
def main (xs: []i32) (ys: []f32) =
  unzip (map (\(x, y) -> (x + 1, y * 2)) (zip xs ys))
