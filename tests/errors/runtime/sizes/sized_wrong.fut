-- The prelude's `sized` checks the size at run time.
-- ==
-- input { 2i64 [5,6] } output { [5,6] }
-- input { 3i64 [5,6] } error: [Ss]ize|[Ss]hape|[Dd]imension|[Ll]ength|[Cc]oerc|[Mm]atch

def main (n: i64) (xs: []i32) = sized n xs
