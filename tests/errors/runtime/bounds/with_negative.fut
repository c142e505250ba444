-- An in-place update at a negative index.
-- ==
-- input { [1,2,3] 2i64 } output { [1,2,0] }
-- input { [1,2,3] -1i64 } error: [Bb]ound|[Ii]ndex|[Rr]ange|[Ss]lice

def main (xs: *[]i32) (i: i64) = xs with [i] = 0
