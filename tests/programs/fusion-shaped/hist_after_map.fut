-- A histogram of values computed by a map.
-- ==
-- input { [1, 4, 7, 10, 13] } output { [0, 3, 2] }
def main (xs: []i32) = hist (+) 0 3 (map (\x -> i64.i32 (x % 3 + x / 10)) xs) (map (const 1) xs)
