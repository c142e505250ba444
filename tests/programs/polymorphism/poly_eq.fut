-- A polymorphic function using == on its type parameter.
-- ==
-- input { [1, 2, 1, 3] 1 } output { 2i64 }
def count 'a (eq: a -> a -> bool) (x: a) (xs: []a) = length (filter (eq x) xs)
def main (xs: []i32) (x: i32) = count (==) x xs
