-- Type ascription on an expression fixes a literal's type.
-- ==
-- input {} output { 255u8 2i64 }
def main = (255 : u8, (1 + 1 : i64))
