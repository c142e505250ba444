-- i8 // by zero.
-- ==
-- input { -7i8 2i8 } output { -3i8 }
-- input { -7i8 0i8 } error: [Dd]ivi|[Zz]ero|[Mm]odulo|[Rr]emainder

def main (x: i8) (y: i8) = x // y
