-- A generic reduction parameterised over the operator and neutral element.
-- ==
-- input { [1, 2, 3, 4] } output { 10 24 }
def fold_with 'a (op: a -> a -> a) (ne: a) (xs: []a) : a = reduce op ne xs
def main (xs: []i32) = (fold_with (+) 0 xs, fold_with (*) 1 xs)
