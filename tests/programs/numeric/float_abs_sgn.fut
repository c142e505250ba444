-- abs, sgn, neg, max and min on f32.
-- ==
-- input { -2.5f32 1.0f32 } output { 2.5f32 -1.0f32 2.5f32 1.0f32 -2.5f32 }
-- input { 0.0f32 -3.0f32 } output { 0.0f32 0.0f32 -0.0f32 0.0f32 -3.0f32 }
def main (x: f32) (y: f32) = (f32.abs x, f32.sgn x, f32.neg x, f32.max x y, f32.min x y)
