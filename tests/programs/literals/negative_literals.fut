-- Negative literals at the edges of each signed type.
-- ==
-- input {} output { -128i8 -32768i16 -2147483648 -9223372036854775808i64 }
def main : (i8, i16, i32, i64) = (-128i8, -32768i16, -2147483648, -9223372036854775808i64)
