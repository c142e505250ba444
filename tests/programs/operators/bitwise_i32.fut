-- Bitwise and, or, xor and not on i32.
-- ==
-- input { 12 10 } output { 8 14 6 -13 -13 }
-- input { -1 0 } output { 0 -1 -1 0 0 }
def main (x: i32) (y: i32) = (x & y, x | y, x ^ y, !x, i32.not x)
