-- A lambda capturing several variables from its surroundings.
-- ==
-- input { 2 3 [1, 2] } output { [5, 7] }
def main (a: i32) (b: i32) (xs: []i32) = map (\x -> a * x + b) xs
