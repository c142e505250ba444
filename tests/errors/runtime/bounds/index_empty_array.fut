-- Any index into an empty array is out of bounds.
-- ==
-- input { [7] 0i64 } output { 7 }
-- input { empty([0]i32) 0i64 } error: [Bb]ound|[Ii]ndex|[Rr]ange|[Ss]lice

def main (xs: []i32) (i: i64) = xs[i]
