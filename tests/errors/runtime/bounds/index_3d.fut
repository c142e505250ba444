-- The innermost index of a 3-D array is out of bounds.
-- ==
-- input { [[[1,2]],[[3,4]]] 1i64 0i64 1i64 } output { 4 }
-- input { [[[1,2]],[[3,4]]] 1i64 0i64 2i64 } error: [Bb]ound|[Ii]ndex|[Rr]ange|[Ss]lice
-- input { [[[1,2]],[[3,4]]] 0i64 1i64 0i64 } error: [Bb]ound|[Ii]ndex|[Rr]ange|[Ss]lice

def main (a: [][][]i32) (i: i64) (j: i64) (k: i64) = a[i, j, k]
