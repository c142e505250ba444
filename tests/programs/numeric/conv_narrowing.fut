-- Converting to a smaller integer type truncates the bits.
-- ==
-- input { 300 } output { 44u8 44i8 300i16 }
-- input { 200 } output { 200u8 -56i8 200i16 }
-- input { 70000 } output { 112u8 112i8 4464i16 }
-- input { -1 } output { 255u8 -1i8 -1i16 }
def main (x: i32) = (u8.i32 x, i8.i32 x, i16.i32 x)
