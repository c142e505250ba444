-- Converting between float types.
-- ==
-- input { 1.5f32 0.25 } output { 1.5 0.25f32 1.5f16 }
def main (x: f32) (y: f64) = (f64.f32 x, f32.f64 y, f16.f32 x)
