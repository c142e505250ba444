-- filter keeps the elements satisfying a predicate, in order.
-- ==
-- input { [1, 2, 3, 4, 5, 6] } output { [2, 4, 6] }
-- input { [1, 3] } output { empty([0]i32) }
-- input { empty([0]i32) } output { empty([0]i32) }
def main (xs: []i32) = filter (\x -> x % 2 == 0) xs
