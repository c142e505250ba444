-- Shifting unsigned integers right is logical.
-- ==
-- input { 200u8 65535u16 2147483648u32 1u64 } output { 100u8 4095u16 1u32 9223372036854775808u64 }
def main (a: u8) (b: u16) (c: u32) (d: u64) = (a >> 1, b >> 4, c >> 31, d << 63)
