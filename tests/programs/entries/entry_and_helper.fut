-- An entry point calling a non-entry helper.
-- ==
-- entry: area
-- input { 3.0f32 4.0f32 } output { 12.0f32 }
-- entry: perimeter
-- input { 3.0f32 4.0f32 } output { 14.0f32 }
def both (w: f32) (h: f32) = (w * h, 2 * (w + h))
entry area (w: f32) (h: f32) = (both w h).0
entry perimeter (w: f32) (h: f32) = (both w h).1
