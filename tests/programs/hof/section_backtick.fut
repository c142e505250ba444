-- Sections of a backticked function name.
-- ==
-- input { [1, 7, 3] } output { [5, 7, 5] }
def main (xs: []i32) = map (`i32.max` 5) xs
