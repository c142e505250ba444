-- Maps around a transpose.
-- ==
-- input { [[1, 2], [3, 4]] } output { [[3, 7], [5, 9]] }
def main (a: [][]i32) = map (map (+ 1)) (transpose (map (map (* 2)) a))
