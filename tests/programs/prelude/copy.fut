-- copy produces an equal array.
-- ==
-- input { [[1, 2], [3, 4]] } output { [[1, 2], [3, 4]] }
def main (a: [][]i32) = copy a
