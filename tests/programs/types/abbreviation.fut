-- A type abbreviation for a primitive.
-- ==
-- input { 2 3 } output { 5 }
type int = i32
def add (a: int) (b: int) : int = a + b
def main (x: i32) (y: i32) = add x y
