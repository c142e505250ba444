-- A type with an anonymous size [] in a function parameter.
-- ==
-- input { [[1, 2], [3, 4], [5, 6]] } output { [3, 7, 11] }
def sums (a: [][]i32) = map i32.sum a
def main (a: [][]i32) = sums a
