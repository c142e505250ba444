-- u8 // by zero.
-- ==
-- input { 200u8 3u8 } output { 66u8 }
-- input { 200u8 0u8 } error: [Dd]ivi|[Zz]ero|[Mm]odulo|[Rr]emainder

def main (x: u8) (y: u8) = x // y
