-- xss[i][j]: the second index is checked against the row length.
-- ==
-- input { [[1,2,3],[4,5,6]] 1i64 2i64 } output { 6 }
-- input { [[1,2,3],[4,5,6]] 1i64 3i64 } error: [Bb]ound|[Ii]ndex|[Rr]ange|[Ss]lice

def main (xss: [][]i32) (i: i64) (j: i64) = xss[i][j]
