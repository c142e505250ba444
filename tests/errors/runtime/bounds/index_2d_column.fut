-- The column index of a 2-D index is out of bounds.
-- ==
-- input { [[1,2],[3,4]] 0i64 1i64 } output { 2 }
-- input { [[1,2],[3,4]] 0i64 2i64 } error: [Bb]ound|[Ii]ndex|[Rr]ange|[Ss]lice
-- input { [[1,2],[3,4]] 1i64 -1i64 } error: [Bb]ound|[Ii]ndex|[Rr]ange|[Ss]lice

def main (xss: [][]i32) (i: i64) (j: i64) = xss[i, j]
