-- Bitwise operators on u8.
-- ==
-- input { 240u8 60u8 } output { 48u8 252u8 204u8 15u8 }
def main (x: u8) (y: u8) = (x & y, x | y, x ^ y, !x)
