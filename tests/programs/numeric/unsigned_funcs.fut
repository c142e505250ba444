-- Unsigned max, min, sgn and neg.
-- ==
-- input { 5u8 200u8 } output { 200u8 5u8 1u8 251u8 }
-- input { 0u8 0u8 } output { 0u8 0u8 0u8 0u8 }
def main (x: u8) (y: u8) = (u8.max x y, u8.min x y, u8.sgn x, u8.neg x)
