-- ++ on matrices concatenates rows.
-- ==
-- input { [[1, 2]] [[3, 4], [5, 6]] } output { [[1, 2], [3, 4], [5, 6]] }
def main (a: [][2]i32) (b: [][2]i32) = a ++ b
