-- Shifting a one into the sign bit.
-- ==
-- input { 1 1i64 1i8 } output { -2147483648 -9223372036854775808i64 -128i8 }
def main (a: i32) (b: i64) (c: i8) = (a << 31, b << 63, c << 7)
