-- A for-in loop over the rows of a matrix.
-- ==
-- input { [[1, 2], [3, 4], [5, 6]] } output { [9, 12] }
def main [m] (a: [][m]i32) = loop acc = replicate m 0 for row in a do map2 (+) acc row
