-- Reading from an array does not consume it.
-- ==
-- input { [3, 4] } output { 7 [3, 4] }
def total (xs: []i32) = xs[0] + xs[1]
def main (xs: []i32) = (total xs, xs)
