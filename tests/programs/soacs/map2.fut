-- map2 over two arrays.
-- ==
-- input { [1, 2, 3] [4, 5, 6] } output { [4, 10, 18] }
def main (xs: []i32) (ys: []i32) = map2 (*) xs ys
