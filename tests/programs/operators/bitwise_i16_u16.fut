-- Bitwise operators on i16 and u16.
-- ==
-- input { 255i16 65280u16 } output { 0i16 -1i16 -256i16 255u16 }
def main (x: i16) (y: u16) =
  (x & 0x7F00i16, x | !x, !x, !y)
