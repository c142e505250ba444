-- Partially applied prelude functions passed to map.
-- ==
-- input { [[1, 2, 3], [4, 5, 6]] } output { [[1, 2], [4, 5]] [[3], [6]] }
def main (a: [][]i32) = (map (take 2) a, map (drop 2) a)
