-- Checker stress (inference/sizes/uniqueness): poly2.fut
-- ==
-- input { [1,2,3] } output { 6 }
def fold f z xs = reduce f z xs
def main (xs: []i32) = fold (+) 0 xs
