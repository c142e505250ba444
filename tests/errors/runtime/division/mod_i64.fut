-- i64 % by zero.
-- ==
-- input { 9i64 4i64 } output { 1i64 }
-- input { 9i64 0i64 } error: [Dd]ivi|[Zz]ero|[Mm]odulo|[Rr]emainder

def main (x: i64) (y: i64) = x % y
