-- transpose swaps the two outer dimensions.
-- ==
-- input { [[1, 2, 3], [4, 5, 6]] } output { [[1, 4], [2, 5], [3, 6]] }
-- input { [[7]] } output { [[7]] }
def main (a: [][]i32) = transpose a
