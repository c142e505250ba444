-- highest and lowest of the unsigned integer types.
-- ==
-- input {} output { 255u8 0u8 65535u16 0u16 4294967295u32 0u32 18446744073709551615u64 0u64 }
def main = (u8.highest, u8.lowest, u16.highest, u16.lowest,
            u32.highest, u32.lowest, u64.highest, u64.lowest)
