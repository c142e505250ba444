-- head of an empty array.
-- ==
-- input { [4,5] } output { 4 }
-- input { empty([0]i32) } error: [Bb]ound|[Ii]ndex|[Rr]ange|[Ss]lice|[Ee]mpty

def main (xs: []i32) = head xs
