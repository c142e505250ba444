-- && and || short-circuit: the right operand is not evaluated.
-- ==
-- input { [1, 2, 3] 5i64 } output { false true }
-- input { [1, 2, 3] 1i64 } output { true true }
def main (xs: []i32) (i: i64) =
  (i < length xs && xs[i] == 2, i >= length xs || xs[i] > 0)
