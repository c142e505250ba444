-- Parameters of function type with an explicit arrow type.
-- ==
-- input { 5 } output { 16 }
def twice (f: i32 -> i32) (x: i32) = f (f x)
def main (x: i32) = twice (\y -> y * 2 + 1) x - x - 2
