-- `a..<b` is an error when b < a (a..<a is empty).
-- ==
-- input { 1i64 4i64 } output { [1i64,2i64,3i64] }
-- input { 2i64 2i64 } output { empty([0]i64) }
-- input { 3i64 1i64 } error: [Rr]ange|[Ii]nvalid|[Ss]tep|[Ss]tride|[Bb]ound

def main (a: i64) (b: i64) = a..<b
