-- head and last.
-- ==
-- input { [4, 5, 6] } output { 4 6 }
-- input { [9] } output { 9 9 }
def main (xs: []i32) = (head xs, last xs)
