-- take more elements than the array has.
-- ==
-- input { 2i64 [1,2,3] } output { [1,2] }
-- input { 4i64 [1,2,3] } error: [Bb]ound|[Ii]ndex|[Rr]ange|[Ss]lice|[Ss]ize
-- input { -1i64 [1,2,3] } error: [Bb]ound|[Ii]ndex|[Rr]ange|[Ss]lice|[Ss]ize|[Nn]egative

def main (n: i64) (xs: []i32) = take n xs
