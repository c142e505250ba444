-- `a..b...c` with a == b has stride zero.
-- ==
-- input { 0i64 2i64 6i64 } output { [0i64,2i64,4i64,6i64] }
-- input { 0i64 0i64 5i64 } error: [Rr]ange|[Ii]nvalid|[Ss]tep|[Ss]tride|[Bb]ound

def main (a: i64) (b: i64) (c: i64) = a..b...c
