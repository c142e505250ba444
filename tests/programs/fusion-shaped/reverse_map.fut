-- A map over a reversed array.
-- ==
-- input { [1, 2, 3] } output { [6, 4, 2] }
def main (xs: []i32) = map (* 2) (reverse xs)
