-- Partial application of a curried function.
-- ==
-- input { [1, 2, 3] } output { [7, 9, 11] }
def lin (a: i32) (b: i32) (x: i32) = a * x + b
def main (xs: []i32) = map (lin 2 5) xs
