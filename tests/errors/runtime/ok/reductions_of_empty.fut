-- Valid: reducing an empty array gives the neutral element.
-- ==
-- input { empty([0]i32) } output { 0 -2147483648 1 }

def main (xs: []i32) = (i32.sum xs, i32.maximum xs, reduce (*) 1 xs)
