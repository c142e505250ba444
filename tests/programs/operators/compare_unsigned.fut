-- Unsigned comparison treats large values as large.
-- ==
-- input { 255u8 1u8 } output { true false }
def main (x: u8) (y: u8) = (x > y, x < y)
