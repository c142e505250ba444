-- f32.sum, f32.product, f32.maximum and f32.minimum.
-- ==
-- input { [1.5f32, -2.0f32, 4.0f32] } output { 3.5f32 -12.0f32 4.0f32 -2.0f32 }
def main (xs: []f32) = (f32.sum xs, f32.product xs, f32.maximum xs, f32.minimum xs)
