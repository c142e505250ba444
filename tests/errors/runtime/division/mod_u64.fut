-- u64 % by zero.
-- ==
-- input { 7u64 4u64 } output { 3u64 }
-- input { 7u64 0u64 } error: [Dd]ivi|[Zz]ero|[Mm]odulo|[Rr]emainder

def main (x: u64) (y: u64) = x % y
