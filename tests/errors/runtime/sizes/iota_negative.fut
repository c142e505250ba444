-- iota with a negative count.
-- ==
-- input { 3i64 } output { [0i64,1i64,2i64] }
-- input { 0i64 } output { empty([0]i64) }
-- input { -3i64 } error: [Nn]egative|[Ss]ize|[Ii]nvalid|[Rr]ange

def main (n: i64) = iota n
