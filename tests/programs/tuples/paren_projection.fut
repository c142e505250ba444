-- Projection from a parenthesised expression.
-- ==
-- input { 9 } output { 10 }
def main (x: i32) = (x + 1, x - 1).0
