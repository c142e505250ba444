-- A size parameter used inside a lambda.
-- ==
-- input { [10, 20, 30] } output { [13, 23, 33] }
def main [n] (xs: [n]i32) = map (\x -> x + i32.i64 n) xs
