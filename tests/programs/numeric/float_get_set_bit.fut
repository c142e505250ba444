-- get_bit and set_bit on floats act on the bit representation.
-- ==
-- input { -1.0f32 } output { 1 1.0f32 }
-- input { 2.0f32 } output { 0 -2.0f32 }
def main (x: f32) = (f32.get_bit 31 x, f32.set_bit 31 x (1 - f32.get_bit 31 x))
