-- * binds tighter than +, and - is left-associative.
-- ==
-- input { 2 3 4 } output { 14 20 -5 0 }
def main (a: i32) (b: i32) (c: i32) = (a + b * c, (a + b) * c, a - b - c, a * b / c + a - b)
