-- A slice xs[:n] has size n and can be zipped with another size-n array.
-- ==
-- input { [1, 2, 3, 4] [10, 20] } output { [11, 22] }
def main [n] (xs: []i32) (ys: [n]i32) = map2 (+) xs[:n] ys
