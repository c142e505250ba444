-- Mapping over rows of a matrix.
-- ==
-- input { [[1, 2], [3, 4]] } output { [[2, 3], [4, 5]] }
def main (a: [][]i32) = map (map (+ 1)) a
