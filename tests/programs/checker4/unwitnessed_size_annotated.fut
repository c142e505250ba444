-- A size parameter in a function-typed parameter is fine when an argument fixes it.
-- ==
-- input { 4i64 } output { 3i64 }
def h [n] (g: [n]i64 -> i64) (xs: [n]i64) : i64 = g xs
def main (x: i64) = h (\xs -> length xs) [1, 2, 3]
