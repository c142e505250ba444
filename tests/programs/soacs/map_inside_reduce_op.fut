-- reduce over rows with a vectorised operator: column sums.
-- ==
-- input { [[1, 2, 3], [4, 5, 6]] } output { [5, 7, 9] }
def main [n] [m] (a: [n][m]i32) = reduce (map2 (+)) (replicate m 0) a
