-- get_bit and set_bit on i32.
-- ==
-- input { 8 } output { 1 0 9 0 1 }
def main (x: i32) =
  (i32.get_bit 3 x, i32.get_bit 2 x, i32.set_bit 0 x 1, i32.set_bit 3 x 0, i32.get_bit 31 (-1))
