-- Converting floats to integers truncates towards zero.
-- ==
-- input { 2.7f32 } output { 2 2i64 2u8 }
-- input { -2.7f32 } output { -2 -2i64 254u8 }
-- input { 0.5f32 } output { 0 0i64 0u8 }
def main (x: f32) = (i32.f32 x, i64.f32 x, u8.i32 (i32.f32 x))
