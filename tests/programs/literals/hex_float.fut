-- Hexadecimal float literals: 0x1.fp3 is 1 15/16 * 8.
-- ==
-- input {} output { 15.5 1.0f32 0.5 }
def main = (0x1.fp3, 0x1.0p0f32, 0x1.0p-1)
