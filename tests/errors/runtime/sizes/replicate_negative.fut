-- replicate with a negative count.
-- ==
-- input { 2i64 } output { [0,0] }
-- input { 0i64 } output { empty([0]i32) }
-- input { -1i64 } error: [Nn]egative|[Ss]ize|[Ii]nvalid|[Rr]ange

def main (n: i64) = replicate n 0i32
