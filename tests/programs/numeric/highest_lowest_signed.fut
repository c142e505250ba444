-- highest and lowest of the signed integer types.
-- ==
-- input {} output { 127i8 -128i8 32767i16 -32768i16 2147483647 -2147483648 9223372036854775807i64 -9223372036854775808i64 }
def main = (i8.highest, i8.lowest, i16.highest, i16.lowest,
            i32.highest, i32.lowest, i64.highest, i64.lowest)
