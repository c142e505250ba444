-- Passing a named function as an argument.
-- ==
-- input { 3 } output { 10 }
def apply_twice (f: i32 -> i32) (x: i32) = f (f x)
def add5 (x: i32) = x + 5
def main (x: i32) = apply_twice add5 x - 3
