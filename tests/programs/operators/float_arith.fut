-- Basic f32 arithmetic.
-- ==
-- input { 1.5f32 2.25f32 } output { 3.75f32 -0.75f32 3.375f32 0.666667f32 }
-- input { -4f32 0.5f32 } output { -3.5f32 -4.5f32 -2f32 -8f32 }
def main (x: f32) (y: f32) = (x + y, x - y, x * y, x / y)
