-- Left operator sections (x+) and (x-).
-- ==
-- input { [1, 2, 3] } output { [11, 12, 13] [9, 8, 7] }
def main (xs: []i32) = (map (10 +) xs, map (10 -) xs)
