-- get_bit and set_bit on u8.
-- ==
-- input { 0u8 } output { 128u8 0 }
-- input { 255u8 } output { 255u8 1 }
def main (x: u8) = (u8.set_bit 7 x 1, u8.get_bit 0 x)
