-- Right operator sections (+1), (*2) and (/2).
-- ==
-- input { [1, 2, 3] } output { [2, 3, 4] [2, 4, 6] [0, 1, 1] }
def main (xs: []i32) = (map (+ 1) xs, map (* 2) xs, map (/ 2) xs)
