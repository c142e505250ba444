-- A slice whose end is past the array's length.
-- ==
-- input { [1,2,3] 1i64 3i64 } output { [2,3] }
-- input { [1,2,3] 1i64 4i64 } error: [Bb]ound|[Ii]ndex|[Rr]ange|[Ss]lice

def main (xs: []i32) (i: i64) (j: i64) = xs[i:j]
