-- concat and ++ join two arrays.
-- ==
-- input { [1, 2] [3] } output { [1, 2, 3] [3, 1, 2] }
-- input { empty([0]i32) [3] } output { [3] [3] }
def main (xs: []i32) (ys: []i32) = (concat xs ys, ys ++ xs)
