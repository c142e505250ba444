-- Updating one element of a matrix.
-- ==
-- input { [[1, 2], [3, 4]] } output { [[1, 2], [3, 40]] }
def main (a: *[][]i32) = a with [1, 1] = 40
