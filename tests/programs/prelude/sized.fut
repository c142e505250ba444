-- sized changes the static size of an array.
-- ==
-- input { [1, 2, 3] [4, 5, 6] } output { [5, 7, 9] }
def main [n] [m] (xs: [n]i32) (ys: [m]i32) = map2 (+) xs (sized n ys)
