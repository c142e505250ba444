-- With a positive stride, the start may not exceed the end.
-- ==
-- input { [1,2,3,4,5] 3i64 3i64 } output { empty([0]i32) }
-- input { [1,2,3,4,5] 3i64 1i64 } error: [Bb]ound|[Ii]ndex|[Rr]ange|[Ss]lice

def main (xs: []i32) (i: i64) (j: i64) = xs[i:j]
