-- A map followed by a scan.
-- ==
-- input { [1, 2, 3] } output { [2, 6, 12] }
def main (xs: []i32) = scan (+) 0 (map (* 2) xs)
