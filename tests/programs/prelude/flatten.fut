-- flatten joins the rows of a matrix.
-- ==
-- input { [[1, 2], [3, 4], [5, 6]] } output { [1, 2, 3, 4, 5, 6] }
def main (a: [][]i32) = flatten a
