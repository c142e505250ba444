-- Checker stress (inference/sizes/uniqueness): tupinfer.fut
-- ==
-- input { } output { 3i64 4.0f32 }
def main : (i64, f32) = let (a, b) = (1, 2) in (a + 2, b + 2)
