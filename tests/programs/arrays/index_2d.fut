-- Indexing a two-dimensional array with one and two indices.
-- ==
-- input { [[1, 2], [3, 4], [5, 6]] 1i64 1i64 } output { 4 [3, 4] }
def main (a: [][]i32) (i: i64) (j: i64) = (a[i, j], a[i])
