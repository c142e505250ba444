-- The empty tuple as a value inside a computation.
-- ==
-- input { 3 } output { 3 }
def f (_: ()) (x: i32) = x
def main (x: i32) = f () x
