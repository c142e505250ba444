-- An anonymous function passed to map.
-- ==
-- input { [1, 2, 3] } output { [3, 5, 7] }
def main (xs: []i32) = map (\x -> 2 * x + 1) xs
