-- Converting integers to floats.
-- ==
-- input { 7 -3i64 200u8 } output { 7.0f32 -3.0 200.0f32 }
def main (a: i32) (b: i64) (c: u8) = (f32.i32 a, f64.i64 b, f32.u8 c)
