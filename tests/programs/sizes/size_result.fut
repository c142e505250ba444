-- A result whose size depends on a parameter.
-- ==
-- input { 3i64 } output { [0i64, 1i64, 2i64] }
-- input { 0i64 } output { empty([0]i64) }
def make (n: i64) : [n]i64 = iota n
def main (n: i64) = make n
