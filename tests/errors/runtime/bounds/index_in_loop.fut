-- A loop that runs one step too far.
-- ==
-- input { [1,2,3] 3i64 } output { 6 }
-- input { [1,2,3] 4i64 } error: [Bb]ound|[Ii]ndex|[Rr]ange|[Ss]lice

def main (xs: []i32) (n: i64) = loop acc = 0 for i < n do acc + xs[i]
