-- reverse of a matrix reverses the rows only.
-- ==
-- input { [[1, 2], [3, 4]] } output { [[3, 4], [1, 2]] }
def main (a: [][]i32) = reverse a
