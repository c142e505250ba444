-- manifest copies a value.
-- ==
-- input { [[1, 2], [3, 4]] } output { [[1, 3], [2, 4]] }
def main (a: [][]i32) = manifest (transpose a)
