-- A lambda with type-annotated parameters and return type.
-- ==
-- input { [1, 2] } output { [0.5f32, 1.0f32] }
def main (xs: []i32) = map (\(x: i32) : f32 -> f32.i32 x / 2) xs
