-- A histogram of decimal digits.
-- ==
-- input { [12, 7, 22, 5, 17] } output { [0, 0, 2, 0, 0, 1, 0, 2, 0, 0] }
def main (xs: []i32) = hist (+) 0 10 (map (\x -> i64.i32 (x % 10)) xs) (map (\_ -> 1) xs)
