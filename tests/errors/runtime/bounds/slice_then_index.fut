-- Indexing a slice is checked against the slice's length, not the array's.
-- ==
-- input { [1,2,3] 1i64 } output { 3 }
-- input { [1,2,3] 2i64 } error: [Bb]ound|[Ii]ndex|[Rr]ange|[Ss]lice

def main (xs: []i32) (i: i64) = let s = xs[1:] in s[i]
