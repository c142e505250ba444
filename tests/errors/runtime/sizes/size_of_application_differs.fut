-- Sizes the checker cannot express (here an `if`) are checked when the program runs:
-- zip of arrays of 4 and 3 elements fails there.  (A call such as `iota (i64.i32 p)`
-- has the size `i64.i32 p`, which differs from 3 when the program is checked:
-- tests/errors/compile/sizes/size_call_mismatch.fut.)
-- ==
-- input { 3 } output { [0i64, 1i64, 2i64] }
-- input { 4 } error: arrays of different lengths \(4 and 3\)
def main (p: i32) = map (.0) (zip (iota (if p >= 0 then i64.i32 p else 0)) (iota 3))
