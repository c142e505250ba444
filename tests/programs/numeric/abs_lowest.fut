-- abs of the lowest value wraps to itself.
-- ==
-- input {} output { -128i8 -2147483648 }
def main = (i8.abs i8.lowest, i32.abs i32.lowest)
