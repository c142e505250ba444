-- iota's result size is its argument, so zip with an array of that size works.
-- ==
-- input { [7, 8, 9] } output { [0i64, 1i64, 2i64] [7, 8, 9] }
def main [n] (xs: [n]i32) = unzip (zip (iota n) xs)
