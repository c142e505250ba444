-- map over an array.
-- ==
-- input { [1, 2, 3] } output { [1, 4, 9] }
-- input { empty([0]i32) } output { empty([0]i32) }
def main (xs: []i32) = map (\x -> x * x) xs
