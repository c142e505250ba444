-- A size coercion `:>` to the wrong size fails at run time.
-- ==
-- input { 3i64 [1,2,3] } output { [1,2,3] }
-- input { 2i64 [1,2,3] } error: [Ss]ize|[Ss]hape|[Dd]imension|[Ll]ength|[Cc]oerc|[Mm]atch

def main (n: i64) (xs: []i32) = xs :> [n]i32
