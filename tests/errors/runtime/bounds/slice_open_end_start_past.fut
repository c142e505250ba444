-- xs[i:] with i past the length.
-- ==
-- input { [1,2,3] 3i64 } output { empty([0]i32) }
-- input { [1,2,3] 4i64 } error: [Bb]ound|[Ii]ndex|[Rr]ange|[Ss]lice

def main (xs: []i32) (i: i64) = xs[i:]
