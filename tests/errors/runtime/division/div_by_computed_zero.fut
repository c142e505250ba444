-- The divisor becomes zero only for some inputs.
-- ==
-- input { 12 5 } output { 6 }
-- input { 12 3 } error: [Dd]ivi|[Zz]ero|[Mm]odulo|[Rr]emainder

def main (x: i32) (y: i32) = x / (y - 3)
