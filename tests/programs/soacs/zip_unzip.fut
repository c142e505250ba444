-- zip followed by unzip is the identity.
-- ==
-- input { [1, 2] [true, false] } output { [1, 2] [true, false] }
def main (xs: []i32) (ys: []bool) = unzip (zip xs ys)
