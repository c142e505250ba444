-- unflatten to dimensions whose product is not the length.
-- ==
-- input { 2i64 2i64 [1,2,3,4] } output { [[1,2],[3,4]] }
-- input { 2i64 3i64 [1,2,3,4] } error: [Ss]ize|[Ss]hape|[Dd]imension|[Ll]ength|[Cc]oerc|[Mm]atch

def main (n: i64) (m: i64) (xs: []i32) : [n][m]i32 = unflatten (xs :> [n * m]i32)
