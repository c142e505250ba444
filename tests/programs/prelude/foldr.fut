-- foldr folds from the right.
-- ==
-- input { [1, 2, 3] } output { 2 321 }
def main (xs: []i32) =
  (foldr (-) 0 xs, foldr (\x acc -> acc * 10 + x) 0 xs)
