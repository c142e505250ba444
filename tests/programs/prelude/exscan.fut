-- exscan is the exclusive prefix scan.
-- ==
-- input { [1, 2, 3, 4] } output { [0, 1, 3, 6] }
def main (xs: []i32) = exscan (+) 0 xs
