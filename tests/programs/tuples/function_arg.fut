-- A function taking a tuple argument with a tuple pattern.
-- ==
-- input { 2 5 } output { 7 }
def add (a: i32, b: i32) = a + b
def main (x: i32) (y: i32) = add (x, y)
