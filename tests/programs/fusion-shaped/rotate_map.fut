-- A map over a rotated array.
-- ==
-- input { [1, 2, 3, 4] } output { [3, 4, 5, 2] }
def main (xs: []i32) = map (+ 1) (rotate 1 xs)
