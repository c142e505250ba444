-- scan with a non-commutative associative operator (affine composition).
-- ==
-- input { [2, 3, 1] [1, 4, 5] } output { [2, 6, 6] [1, 7, 12] }
def main (as: []i32) (bs: []i32) =
  unzip (scan (\(a1, b1) (a2, b2) -> (a1 * a2, a2 * b1 + b2)) (1, 0) (zip as bs))
