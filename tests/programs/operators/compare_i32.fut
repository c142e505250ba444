-- All six comparison operators on i32.
-- ==
-- input { 1 2 } output { true true false false false true }
-- input { 2 2 } output { false true false true true false }
-- input { -3 -4 } output { false false true true false true }
def main (x: i32) (y: i32) = (x < y, x <= y, x > y, x >= y, x == y, x != y)
