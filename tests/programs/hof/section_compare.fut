-- Comparison operator sections.
-- ==
-- input { [1, 5, 3] } output { [false, true, false] [true, false, true] }
def main (xs: []i32) = (map (> 3) xs, map (3 >=) xs)
