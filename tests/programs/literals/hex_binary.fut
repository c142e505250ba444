-- Hexadecimal and binary integer literals.
-- ==
-- input {} output { 31 31 5 240u8 255i64 }
def main = (0x1F, 0X1f, 0b101, 0b1111_0000u8, 0xffi64)
