-- foldl and foldr on an empty array return the initial value.
-- ==
-- input { empty([0]i32) } output { 42 42 }
def main (xs: []i32) = (foldl (+) 42 xs, foldr (+) 42 xs)
