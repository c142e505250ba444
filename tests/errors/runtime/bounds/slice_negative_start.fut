-- A slice may not start at a negative index.
-- ==
-- input { [1,2,3] 0i64 2i64 } output { [1,2] }
-- input { [1,2,3] -1i64 2i64 } error: [Bb]ound|[Ii]ndex|[Rr]ange|[Ss]lice

def main (xs: []i32) (i: i64) (j: i64) = xs[i:j]
