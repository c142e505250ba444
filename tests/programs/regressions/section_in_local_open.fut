-- Operator sections see a locally opened module, as binary operators do.
-- ==
-- input { 2f32 } output { 3f32 6f32 }
def main (x: f32) = (f32.((+) x 1), x `f32.max` 6)
