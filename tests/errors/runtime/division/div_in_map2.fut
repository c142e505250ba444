-- One zero divisor among many inside map2.
-- ==
-- input { [6,8] [3,2] } output { [2,4] }
-- input { [6,8,10] [3,0,2] } error: [Dd]ivi|[Zz]ero|[Mm]odulo|[Rr]emainder

def main (xs: []i32) (ys: []i32) = map2 (/) xs ys
