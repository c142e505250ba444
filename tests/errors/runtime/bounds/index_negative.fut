-- A negative index is out of bounds (no wrap-around).
-- ==
-- input { [1,2,3] 0i64 } output { 1 }
-- input { [1,2,3] -1i64 } error: [Bb]ound|[Ii]ndex|[Rr]ange|[Ss]lice
-- input { [1,2,3] -9223372036854775808i64 } error: [Bb]ound|[Ii]ndex|[Rr]ange|[Ss]lice

def main (xs: []i32) (i: i64) = xs[i]
