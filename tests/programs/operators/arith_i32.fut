-- Addition, subtraction and multiplication on i32, with wrap-around.
-- ==
-- input { 7 3 } output { 10 4 21 }
-- input { -7 3 } output { -4 -10 -21 }
-- input { 2147483647 1 } output { -2147483648 2147483646 2147483647 }
-- input { -2147483648 -1 } output { 2147483647 -2147483647 -2147483648 }
def main (x: i32) (y: i32) = (x + y, x - y, x * y)
