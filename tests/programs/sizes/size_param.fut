-- A size parameter can be used as a value.
-- ==
-- input { [1, 2, 3] } output { 3i64 }
-- input { empty([0]i32) } output { 0i64 }
def main [n] (xs: [n]i32) : i64 = n
