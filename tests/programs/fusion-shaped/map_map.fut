-- Two maps in sequence (a vertical fusion candidate).
-- ==
-- input { [1, 2, 3] } output { [4, 6, 8] }
def main (xs: []i32) = map (* 2) (map (+ 1) xs)
