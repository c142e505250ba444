-- Reading at or past the end of a 1-D array.
-- ==
-- input { [1,2,3] 2i64 } output { 3 }
-- input { [1,2,3] 3i64 } error: [Bb]ound|[Ii]ndex|[Rr]ange|[Ss]lice
-- input { [1,2,3] 1000000i64 } error: [Bb]ound|[Ii]ndex|[Rr]ange|[Ss]lice

def main (xs: []i32) (i: i64) = xs[i]
