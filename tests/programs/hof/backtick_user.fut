-- A user-defined function used infix.
-- ==
-- input { 3 4 } output { 25 }
def sqsum (a: i32) (b: i32) = a * a + b * b
def main (x: i32) (y: i32) = x `sqsum` y
