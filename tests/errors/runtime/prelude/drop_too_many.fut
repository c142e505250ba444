-- drop more elements than the array has.
-- ==
-- input { 1i64 [1,2,3] } output { [2,3] }
-- input { 4i64 [1,2,3] } error: [Bb]ound|[Ii]ndex|[Rr]ange|[Ss]lice|[Ss]ize

def main (n: i64) (xs: []i32) = drop n xs
