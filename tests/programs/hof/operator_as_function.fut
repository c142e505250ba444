-- An operator in parentheses used as a prefix function.
-- ==
-- input { 6 7 } output { 42 true }
def main (x: i32) (y: i32) = ((*) x y, (<) x y)
