-- The stride of a slice may not be zero.
-- ==
-- input { [1,2,3,4] 2i64 } output { [1,3] }
-- input { [1,2,3,4] 0i64 } error: [Bb]ound|[Ii]ndex|[Rr]ange|[Ss]lice|[Ss]tride|[Zz]ero

def main (xs: []i32) (s: i64) = xs[0:3:s]
