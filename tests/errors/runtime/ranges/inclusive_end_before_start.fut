-- `a...b` is an error when b < a.
-- ==
-- input { 1i64 3i64 } output { [1i64,2i64,3i64] }
-- input { 3i64 3i64 } output { [3i64] }
-- input { 5i64 1i64 } error: [Rr]ange|[Ii]nvalid|[Ss]tep|[Ss]tride|[Bb]ound

def main (a: i64) (b: i64) = a...b
