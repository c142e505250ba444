-- reduce_by_index ignores out-of-bounds indices and keeps the initial values.
-- ==
-- input { [5i64, -1i64, 1i64] [1, 2, 3] } output { [10, 13] }
def main (is: []i64) (vs: []i32) = reduce_by_index [10, 10] (+) 0 is vs
