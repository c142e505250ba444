-- Rows built by map must all have size n; one row has a different length.
-- ==
-- input { 2i64 [2i64,2i64] } output { [[0i64,1i64],[0i64,1i64]] }
-- input { 2i64 [2i64,3i64] } error: [Ss]ize|[Ss]hape|[Dd]imension|[Ll]ength|[Cc]oerc|[Mm]atch

def main (n: i64) (ks: []i64) = map (\k -> iota k :> [n]i64) ks
