-- foldl folds from the left.
-- ==
-- input { [1, 2, 3] } output { -6 123 }
def main (xs: []i32) =
  (foldl (-) 0 xs, foldl (\acc x -> acc * 10 + x) 0 xs)
