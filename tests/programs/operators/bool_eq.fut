-- Equality on booleans.
-- ==
-- input { true true } output { true false }
-- input { true false } output { false true }
def main (a: bool) (b: bool) = (a == b, a != b)
