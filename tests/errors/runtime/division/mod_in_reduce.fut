-- A zero divisor inside the function mapped before a reduction.
-- ==
-- input { [3i64,7i64] } output { 3i64 }
-- input { [3i64,0i64] } error: [Dd]ivi|[Zz]ero|[Mm]odulo|[Rr]emainder

def main (ys: []i64) = reduce (+) 0 (map (\y -> 100 % y) ys)
