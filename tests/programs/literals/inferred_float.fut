-- Unsuffixed decimal literals adapt to f32.
-- ==
-- input { 1.5f32 } output { 3.0f32 }
def main (x: f32) = x * 2.0
