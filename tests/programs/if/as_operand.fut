-- if is an expression and can be an operand (parenthesised).
-- ==
-- input { true } output { 11 }
-- input { false } output { 12 }
def main (b: bool) = 10 + (if b then 1 else 2)
