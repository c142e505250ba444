-- partition splits into the elements that satisfy the predicate and the rest.
-- ==
-- input { [1, 2, 3, 4, 5] } output { [2, 4] [1, 3, 5] }
-- input { empty([0]i32) } output { empty([0]i32) empty([0]i32) }
def main (xs: []i32) = partition (\x -> x % 2 == 0) xs
