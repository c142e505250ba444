-- hist with no elements gives the neutral element in each bin.
-- ==
-- input { empty([0]i64) } output { [0, 0, 0] }
def main (is: []i64) = hist (+) 0 3 is (map (\_ -> 1i32) is)
