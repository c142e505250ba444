-- Slices with a negative stride.
-- ==
-- input { [0, 1, 2, 3, 4, 5, 6, 7, 8, 9] } output { [9, 8, 7, 6, 5, 4, 3, 2, 1, 0] [4, 2] [9, 6, 3, 0] [5, 4, 3, 2, 1, 0] }
def main (xs: []i32) = (xs[::-1], xs[4:0:-2], xs[::-3], xs[5::-1])
