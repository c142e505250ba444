-- u16 %% by zero.
-- ==
-- input { 7u16 4u16 } output { 3u16 }
-- input { 7u16 0u16 } error: [Dd]ivi|[Zz]ero|[Mm]odulo|[Rr]emainder

def main (x: u16) (y: u16) = x %% y
