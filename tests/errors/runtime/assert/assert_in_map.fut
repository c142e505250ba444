-- assert fails for one element inside map.
-- ==
-- input { [1,2] } output { [2,4] }
-- input { [1,-2] } error: [Aa]ssert

def main (xs: []i32) = map (\x -> assert (x >= 0) (x * 2)) xs
