-- Two maps that can both fail: fused row by row, the second would fail first at row 0,
-- but the first map's error (row 1) must be the one reported.
-- ==
-- input { [20, -2] } error: division by zero
-- input { [1, 2, 8] } output { [33, 50, 100] }
def main (xs: []i32) = map (\y -> 100 / y) (map (\x -> 10 / (x + 2)) xs)
