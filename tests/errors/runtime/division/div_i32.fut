-- Integer / by zero; / rounds towards negative infinity.
-- ==
-- input { 7 2 } output { 3 }
-- input { -7 2 } output { -4 }
-- input { 7 0 } error: [Dd]ivi|[Zz]ero|[Mm]odulo|[Rr]emainder
-- input { 0 0 } error: [Dd]ivi|[Zz]ero|[Mm]odulo|[Rr]emainder

def main (x: i32) (y: i32) = x / y
