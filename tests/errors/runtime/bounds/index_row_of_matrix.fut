-- Taking a whole row that does not exist.
-- ==
-- input { [[1,2],[3,4]] 1i64 } output { [3,4] }
-- input { [[1,2],[3,4]] 2i64 } error: [Bb]ound|[Ii]ndex|[Rr]ange|[Ss]lice

def main (xss: [][]i32) (i: i64) = xss[i]
