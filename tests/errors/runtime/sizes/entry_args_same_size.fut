-- main requires both arrays to have the same size n.
-- ==
-- input { [1,2] [3,4] } output { [4,6] }
-- input { [1,2,3] [1,2] } error: [Ss]ize|[Ss]hape|[Dd]imension|[Ll]ength|[Cc]oerc|[Mm]atch

def main [n] (xs: [n]i32) (ys: [n]i32) = map2 (+) xs ys
