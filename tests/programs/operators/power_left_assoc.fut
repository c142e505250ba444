-- ** is left-associative according to the reference's precedence table.
-- ==
-- input { 2 3 2 } output { 64 }
def main (a: i32) (b: i32) (c: i32) = a ** b ** c
