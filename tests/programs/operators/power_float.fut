-- Floating-point exponentiation.
-- ==
-- input { 2.0f32 3.0f32 } output { 8.0f32 }
-- input { 4.0f32 0.5f32 } output { 2.0f32 }
-- input { 2.0f32 -1.0f32 } output { 0.5f32 }
def main (x: f32) (y: f32) = x ** y
