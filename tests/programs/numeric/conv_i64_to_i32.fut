-- Converting i64 to i32 keeps the low 32 bits.
-- ==
-- input { 4294967297i64 } output { 1 }
-- input { -4294967296i64 } output { 0 }
-- input { 2147483648i64 } output { -2147483648 }
def main (x: i64) = i32.i64 x
