-- A user-defined infix operator.
-- ==
-- input { 3 4 } output { 5 }
def (<+>) (a: i32) (b: i32) = a + b - 2
def main (x: i32) (y: i32) = x <+> y
