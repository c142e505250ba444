-- head of a filter result that turns out empty.
-- ==
-- input { [1,20,30] } output { 20 }
-- input { [1,2,3] } error: [Bb]ound|[Ii]ndex|[Rr]ange|[Ss]lice|[Ee]mpty

def main (xs: []i32) = head (filter (> 10) xs)
