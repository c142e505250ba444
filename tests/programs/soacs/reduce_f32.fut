-- reduce over floats.
-- ==
-- input { [0.5f32, 1.5f32, 2.0f32] } output { 4.0f32 }
def main (xs: []f32) = reduce (+) 0f32 xs
