-- Slices with a positive stride.
-- ==
-- input { [0, 1, 2, 3, 4, 5, 6, 7, 8, 9] } output { [1, 4, 7] [0, 2, 4, 6, 8] [5, 8] }
def main (xs: []i32) = (xs[1:8:3], xs[::2], xs[5::3])
