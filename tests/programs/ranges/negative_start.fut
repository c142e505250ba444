-- A range starting at a negative number.
-- ==
-- input { -2 2 } output { [-2, -1, 0, 1, 2] }
def main (a: i32) (b: i32) = a...b
