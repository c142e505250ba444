-- Calling a named function infix with backticks.
-- ==
-- input { 7 3 } output { 7 3 }
def main (x: i32) (y: i32) = (x `i32.max` y, x `i32.min` y)
