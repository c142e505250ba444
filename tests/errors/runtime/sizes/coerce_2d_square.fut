-- Coercing a matrix to a square shape.
-- ==
-- input { 2i64 [[1,2],[3,4]] } output { [[1,2],[3,4]] }
-- input { 2i64 [[1,2,3],[4,5,6]] } error: [Ss]ize|[Ss]hape|[Dd]imension|[Ll]ength|[Cc]oerc|[Mm]atch

def main (n: i64) (xss: [][]i32) = xss :> [n][n]i32
