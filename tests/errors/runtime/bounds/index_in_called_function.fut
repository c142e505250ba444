-- The bad index happens inside a called function.
-- ==
-- input { [1f32,2f32] [1i64,1i64] } output { 4f32 }
-- input { [1f32,2f32] [1i64,2i64] } error: [Bb]ound|[Ii]ndex|[Rr]ange|[Ss]lice

def get (xs: []f32) (i: i64) = xs[i]

def main (xs: []f32) (is: []i64) = f32.sum (map (get xs) is)
