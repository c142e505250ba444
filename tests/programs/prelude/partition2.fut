-- partition2 splits by two predicates.
-- ==
-- input { [1, 5, 10, 2, 7, 12] } output { [1, 2] [5, 7] [10, 12] }
def main (xs: []i32) = partition2 (< 5) (< 10) xs
