-- A lambda with two parameters.
-- ==
-- input { [1, 2] [3, 4] } output { [-2, -2] }
def main (xs: []i32) (ys: []i32) = map2 (\x y -> x - y) xs ys
