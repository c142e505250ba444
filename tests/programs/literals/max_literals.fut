-- Largest literals of each unsigned type.
-- ==
-- input {} output { 255u8 65535u16 4294967295u32 18446744073709551615u64 }
def main : (u8, u16, u32, u64) = (255u8, 65535u16, 4294967295u32, 18446744073709551615u64)
