-- The concatenation has length 3, not n.
-- ==
-- input { 3i64 [1] [2,3] } output { [1,2,3] }
-- input { 4i64 [1] [2,3] } error: [Ss]ize|[Ss]hape|[Dd]imension|[Ll]ength|[Cc]oerc|[Mm]atch

def main (n: i64) (xs: []i32) (ys: []i32) = (xs ++ ys) :> [n]i32
