-- popc counts set bits.
-- ==
-- input { 7 -1 255u8 61680u16 -1i64 } output { 3 32 8 8 64 }
-- input { 0 1 0u8 0u16 0i64 } output { 0 1 0 0 0 }
def main (a: i32) (b: i32) (c: u8) (d: u16) (e: i64) =
  (i32.popc a, i32.popc b, u8.popc c, u16.popc d, i64.popc e)
