-- The i16 and u16 modules.
-- ==
-- input { -300i16 300u16 } output { 300i16 -1i16 300u16 4 7 }
def main (x: i16) (y: u16) = (i16.abs x, i16.sgn x, u16.max y 1, u16.popc y, u16.clz y)
