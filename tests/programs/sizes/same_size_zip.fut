-- Two parameters sharing a size can be zipped.
-- ==
-- input { [1, 2, 3] [4, 5, 6] } output { [5, 7, 9] }
def main [n] (xs: [n]i32) (ys: [n]i32) = map2 (+) xs ys
