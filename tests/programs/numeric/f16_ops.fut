-- f16 arithmetic and conversions.
-- ==
-- input { 1.5f16 } output { 3.0f16 2.25f16 1.5f32 true }
def main (x: f16) = (x + x, x * x, f32.f16 x, f16.sqrt (x * x) == x)
