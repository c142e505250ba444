-- A bare operator section (+) used as a binary function.
-- ==
-- input { [1, 2] [3, 4] } output { [4, 6] [3, 8] }
def main (xs: []i32) (ys: []i32) = (map2 (+) xs ys, map2 (*) xs ys)
