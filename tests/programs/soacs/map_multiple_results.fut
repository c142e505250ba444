-- map producing tuples, unzipped.
-- ==
-- input { [1, 2, 3] } output { [2, 3, 4] [0, 1, 2] }
def main (xs: []i32) = unzip (map (\x -> (x + 1, x - 1)) xs)
