-- u32 / by zero.
-- ==
-- input { 7u32 2u32 } output { 3u32 }
-- input { 7u32 0u32 } error: [Dd]ivi|[Zz]ero|[Mm]odulo|[Rr]emainder

def main (x: u32) (y: u32) = x / y
