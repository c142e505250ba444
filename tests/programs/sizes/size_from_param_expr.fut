-- A size expression in a return type computed from an i64 parameter.
-- ==
-- input { 2i64 } output { [1, 1, 1, 1] }
def main (n: i64) : [n * 2]i32 = replicate (n * 2) 1
