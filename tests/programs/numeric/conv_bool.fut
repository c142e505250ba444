-- Conversions to and from bool.
-- ==
-- input { 0 } output { false 0 0.0f32 }
-- input { 5 } output { true 1 1.0f32 }
-- input { -1 } output { true 1 1.0f32 }
def main (x: i32) = let b = bool.i32 x in (b, i32.bool b, f32.bool b)
