-- reduce with a non-commutative operator: composing affine maps a*x+b.
-- ==
-- input { [2, 3] [1, 4] } output { 6 7 }
def main (as: []i32) (bs: []i32) =
  reduce (\(a1, b1) (a2, b2) -> (a1 * a2, a2 * b1 + b2)) (1, 0) (zip as bs)
