-- tail and init.
-- ==
-- input { [4, 5, 6] } output { [5, 6] [4, 5] }
-- input { [9] } output { empty([0]i32) empty([0]i32) }
def main (xs: []i32) = (tail xs, init xs)
