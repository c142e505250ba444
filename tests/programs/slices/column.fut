-- Taking a column of a matrix with a[:, j].
-- ==
-- input { [[1, 2, 3], [4, 5, 6]] 0i64 } output { [1, 4] }
-- input { [[1, 2, 3], [4, 5, 6]] 2i64 } output { [3, 6] }
def main (a: [][]i32) (j: i64) = a[:, j]
