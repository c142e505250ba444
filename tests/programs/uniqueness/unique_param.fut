-- A function that consumes its unique argument.
-- ==
-- input { [1, 2, 3] } output { [2, 2, 3] }
def bump (xs: *[]i32) : *[]i32 = xs with [0] = xs[0] + 1
def main (xs: *[]i32) = bump xs
