-- Converting between signed and unsigned of the same width keeps the bits.
-- ==
-- input { -1 -1i64 255u8 } output { 4294967295u32 18446744073709551615u64 -1i8 }
def main (a: i32) (b: i64) (c: u8) = (u32.i32 a, u64.i64 b, i8.u8 c)
