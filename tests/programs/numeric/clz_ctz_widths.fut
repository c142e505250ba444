-- clz and ctz on u8, u16 and i64.
-- ==
-- input { 1u8 128u8 256u16 1i64 } output { 7 7 7 8 63 0 }
def main (a: u8) (b: u8) (c: u16) (d: i64) =
  (u8.clz a, u8.ctz b, u16.clz c, u16.ctz c, i64.clz d, i64.ctz d)
