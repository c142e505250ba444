-- A two-dimensional array literal.
-- ==
-- input {} output { [[1, 2, 3], [4, 5, 6]] }
def main : [][]i32 = [[1, 2, 3], [4, 5, 6]]
