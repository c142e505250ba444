-- Top-level constants are usable from functions.
-- ==
-- input { 2 } output { 84 }
def answer : i32 = 42
def main (x: i32) = answer * x
