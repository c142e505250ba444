-- `let xss[i, j] = v` with a column out of bounds.
-- ==
-- input { [[1,2],[3,4]] 1i64 1i64 } output { [[1,2],[3,0]] }
-- input { [[1,2],[3,4]] 0i64 2i64 } error: [Bb]ound|[Ii]ndex|[Rr]ange|[Ss]lice

def main (xss: *[][]i32) (i: i64) (j: i64) =
  let xss[i, j] = 0
  in xss
