-- Dot product of two f32 vectors.
-- ==
-- input { [1.0f32, 2.0f32, 3.0f32] [0.5f32, 0.25f32, 2.0f32] } output { 7.0f32 }
-- input { empty([0]f32) empty([0]f32) } output { 0.0f32 }
def main [n] (xs: [n]f32) (ys: [n]f32) = f32.sum (map2 (*) xs ys)
