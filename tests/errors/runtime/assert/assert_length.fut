-- assert on the length of an input array.
-- ==
-- input { [1,2,3] } output { 6 }
-- input { [1,2] } error: [Aa]ssert

def main (xs: []i32) = assert (length xs == 3) (i32.sum xs)
