-- A strided slice whose end is past the length.
-- ==
-- input { [1,2,3,4] 4i64 } output { [1,3] }
-- input { [1,2,3,4] 5i64 } error: [Bb]ound|[Ii]ndex|[Rr]ange|[Ss]lice

def main (xs: []i32) (j: i64) = xs[0:j:2]
