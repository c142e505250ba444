-- reduce nested in map: row sums.
-- ==
-- input { [[1, 2, 3], [4, 5, 6]] } output { [6, 15] }
def main (a: [][]i32) = map (reduce (+) 0) a
