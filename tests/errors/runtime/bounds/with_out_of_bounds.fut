-- An in-place update past the end.
-- ==
-- input { [1,2,3] 0i64 } output { [0,2,3] }
-- input { [1,2,3] 3i64 } error: [Bb]ound|[Ii]ndex|[Rr]ange|[Ss]lice

def main (xs: *[]i32) (i: i64) = xs with [i] = 0
