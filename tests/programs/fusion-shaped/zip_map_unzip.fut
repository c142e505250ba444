-- zip, map and unzip in one chain.
-- ==
-- input { [1, 2] [3, 4] } output { [4, 6] [-2, -2] }
def main (xs: []i32) (ys: []i32) = unzip (map (\(x, y) -> (x + y, x - y)) (zip xs ys))
