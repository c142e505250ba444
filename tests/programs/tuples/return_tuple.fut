-- A function returning a tuple of different types.
-- ==
-- input { 7 } output { 7 7i64 7.0f32 true }
def spread (x: i32) : (i32, i64, f32, bool) = (x, i64.i32 x, f32.i32 x, x > 0)
def main (x: i32) = spread x
