-- Backward composition <-<.
-- ==
-- input { [1, 2, 3] } output { [3, 5, 7] }
def main (xs: []i32) = map ((+ 1) <-< (* 2)) xs
