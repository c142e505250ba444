-- Each map iteration updates its own fresh array.
-- ==
-- input { [0i64, 1i64, 2i64] } output { [[1, 0, 0], [0, 1, 0], [0, 0, 1]] }
def main (is: []i64) = map (\i -> replicate 3 0 with [i] = 1) is
