-- scatter writes values at indices; out-of-bounds indices are ignored.
-- ==
-- input { [0, 0, 0, 0] [1i64, 3i64, -1i64, 10i64] [5, 6, 7, 8] } output { [0, 5, 0, 6] }
def main (dest: *[]i32) (is: []i64) (vs: []i32) = scatter dest is vs
