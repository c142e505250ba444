-- Reversing the rows of a matrix with a negative stride.
-- ==
-- input { [[1, 2], [3, 4], [5, 6]] } output { [[5, 6], [3, 4], [1, 2]] }
def main (a: [][]i32) = a[::-1]
