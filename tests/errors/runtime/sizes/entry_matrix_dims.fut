-- b must be [m][n] when a is [n][m].
-- ==
-- input { [[1,2]] [[1],[2]] } output { [[2,4]] }
-- input { [[1,2]] [[1,2]] } error: [Ss]ize|[Ss]hape|[Dd]imension|[Ll]ength|[Cc]oerc|[Mm]atch

def main [n] [m] (a: [n][m]i32) (b: [m][n]i32) = map2 (map2 (+)) a (transpose b)
