-- Dividing by the literal 0 compiles; it fails when run.
-- ==
-- input { 5 } error: [Dd]ivi|[Zz]ero|[Mm]odulo|[Rr]emainder

def main (x: i32) = x / 0
