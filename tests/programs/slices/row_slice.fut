-- Mixing an index and a slice.
-- ==
-- input { [[1, 2, 3], [4, 5, 6]] } output { [5, 6] [[2], [5]] }
def main (a: [][]i32) = (a[1, 1:], a[:, 1:2])
