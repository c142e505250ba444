-- `a..b..<c` with a == b has stride zero.
-- ==
-- input { 0i64 3i64 10i64 } output { [0i64,3i64,6i64,9i64] }
-- input { 1i64 1i64 10i64 } error: [Rr]ange|[Ii]nvalid|[Ss]tep|[Ss]tride|[Bb]ound

def main (a: i64) (b: i64) (c: i64) = a..b..<c
