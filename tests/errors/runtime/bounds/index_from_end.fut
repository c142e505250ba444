-- xs[length xs - k] with k = 0 is one past the end.
-- ==
-- input { [1,2,3] 1i64 } output { 3 }
-- input { [1,2,3] 0i64 } error: [Bb]ound|[Ii]ndex|[Rr]ange|[Ss]lice

def main (xs: []i32) (k: i64) = xs[length xs - k]
