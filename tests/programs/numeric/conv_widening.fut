-- Widening: signed types sign-extend, unsigned types zero-extend.
-- ==
-- input { -1i8 200u8 } output { -1 -1i64 200 200i64 200u16 }
def main (a: i8) (b: u8) = (i32.i8 a, i64.i8 a, i32.u8 b, i64.u8 b, u16.u8 b)
