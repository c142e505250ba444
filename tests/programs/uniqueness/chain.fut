-- A chain of consuming calls.
-- ==
-- input { [0, 0, 0] } output { [1, 2, 3] }
def set (i: i64) (v: i32) (xs: *[]i32) : *[]i32 = xs with [i] = v
def main (xs: *[]i32) = set 2 3 (set 1 2 (set 0 1 xs))
