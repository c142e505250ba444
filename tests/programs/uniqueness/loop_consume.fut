-- A loop that consumes and returns its array parameter.
-- ==
-- input { [5, 5, 5, 5] } output { [0, 1, 2, 3] }
def main [n] (xs: *[n]i32) =
  loop xs for i < n do xs with [i] = i32.i64 i
