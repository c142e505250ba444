-- i16 %% by zero.
-- ==
-- input { -7i16 2i16 } output { -1i16 }
-- input { -7i16 0i16 } error: [Dd]ivi|[Zz]ero|[Mm]odulo|[Rr]emainder

def main (x: i16) (y: i16) = x %% y
