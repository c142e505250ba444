-- mul_hi on unsigned and narrow types.
-- ==
-- input {} output { 1u32 156u8 64i8 0u64 }
def main = (u32.mul_hi 4294967295u32 2u32, u8.mul_hi 200u8 200u8,
            i8.mul_hi (-128i8) (-128i8), u64.mul_hi 3u64 5u64)
