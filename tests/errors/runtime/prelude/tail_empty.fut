-- tail of an empty array.
-- ==
-- input { [4,5] } output { [5] }
-- input { empty([0]i32) } error: [Bb]ound|[Ii]ndex|[Rr]ange|[Ss]lice|[Ee]mpty|[Ss]ize|[Nn]egative

def main (xs: []i32) = tail xs
