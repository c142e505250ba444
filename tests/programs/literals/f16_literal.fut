-- f16 literals and arithmetic.
-- ==
-- input {} output { 3.5f16 }
def main : f16 = 1.5f16 + 2f16
