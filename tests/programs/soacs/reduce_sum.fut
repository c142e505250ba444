-- reduce with addition; the neutral element for an empty array.
-- ==
-- input { [1, 2, 3, 4] } output { 10 }
-- input { empty([0]i32) } output { 0 }
def main (xs: []i32) = reduce (+) 0 xs
