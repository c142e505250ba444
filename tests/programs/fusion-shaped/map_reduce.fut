-- A map followed by a reduce (a redomap).
-- ==
-- input { [1, 2, 3, 4] } output { 30 }
def main (xs: []i32) = reduce (+) 0 (map (\x -> x * x) xs)
