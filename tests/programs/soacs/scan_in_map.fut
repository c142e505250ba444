-- scan nested in map: prefix sums per row.
-- ==
-- input { [[1, 1, 1], [1, 2, 3]] } output { [[1, 2, 3], [1, 3, 6]] }
def main (a: [][]i32) = map (scan (+) 0) a
