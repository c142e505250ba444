-- Sizes given by applications are checked when the program runs: zip of arrays of 4
-- and 3 elements fails there.
-- ==
-- input { 3 } output { [0i64, 1i64, 2i64] }
-- input { 4 } error: arrays of different lengths \(4 and 3\)
def main (p: i32) = map (.0) (zip (iota (i64.i32 p)) (iota 3))
