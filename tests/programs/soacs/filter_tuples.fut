-- filter on zipped arrays.
-- ==
-- input { [1, 2, 3] [true, false, true] } output { [1, 3] }
def main (xs: []i32) (keep: []bool) = map (.0) (filter (.1) (zip xs keep))
