-- Checker stress (inference/sizes/uniqueness): b_rectype.fut
-- ==
-- input { 1.0f32 2.0f32 } output { 3.0f32 }
type point = {x: f32, y: f32}
def norm1 (p: point) = p.x + p.y
def main x y = norm1 {x, y}
