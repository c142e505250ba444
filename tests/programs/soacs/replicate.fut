-- replicate repeats a value.
-- ==
-- input { 3i64 7 } output { [7, 7, 7] }
-- input { 0i64 7 } output { empty([0]i32) }
def main (n: i64) (x: i32) = replicate n x
