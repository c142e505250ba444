-- split at sizes n and m that do not add up to the length.
-- ==
-- input { 1i64 2i64 [1,2,3] } output { [1] [2,3] }
-- input { 1i64 1i64 [1,2,3] } error: [Ss]ize|[Ss]hape|[Dd]imension|[Ll]ength|[Cc]oerc|[Mm]atch

def main (n: i64) (m: i64) (xs: []i32) = split (xs :> [n + m]i32)
