-- One bad index among many inside map.
-- ==
-- input { [1,2,3] [2i64,0i64] } output { [3,1] }
-- input { [1,2,3] [0i64,3i64] } error: [Bb]ound|[Ii]ndex|[Rr]ange|[Ss]lice

def main (xs: []i32) (is: []i64) = map (\i -> xs[i]) is
