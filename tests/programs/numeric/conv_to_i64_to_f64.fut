-- to_i64, to_i32 and to_f64.
-- ==
-- input { 3.9f32 -7 } output { 3i64 -7i64 3.9 -7 }
def main (x: f32) (y: i32) = (f32.to_i64 x, i32.to_i64 y, f64.f32 (f32.f64 (f32.to_f64 x)), i32.to_i32 y)
