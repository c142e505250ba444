-- A column slice of a matrix that is too wide.
-- ==
-- input { [[1,2],[3,4]] 2i64 } output { [[2],[4]] }
-- input { [[1,2],[3,4]] 3i64 } error: [Bb]ound|[Ii]ndex|[Rr]ange|[Ss]lice

def main (xss: [][]i32) (j: i64) = xss[:, 1:j]
