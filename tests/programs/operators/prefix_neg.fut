-- Prefix negation binds tighter than infix operators.
-- ==
-- input { 3 } output { -6 9 -2 }
def main (x: i32) = (-x * 2, -x ** 2, -x + 1)
