-- scan over pairs.
-- ==
-- input { [1, 2, 3] } output { [1, 3, 6] [1, 2, 6] }
def main (xs: []i32) = unzip (scan (\(a, b) (c, d) -> (a + c, b * d)) (0, 1) (zip xs xs))
