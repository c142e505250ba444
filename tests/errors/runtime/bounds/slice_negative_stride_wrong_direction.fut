-- With a negative stride the slice runs downwards; xs[0:3:-1] is invalid.
-- ==
-- input { [1,2,3,4] 3i64 0i64 } output { [4,3,2] }
-- input { [1,2,3,4] 0i64 3i64 } error: [Bb]ound|[Ii]ndex|[Rr]ange|[Ss]lice|[Ss]tride

def main (xs: []i32) (i: i64) (j: i64) = xs[i:j:-1]
