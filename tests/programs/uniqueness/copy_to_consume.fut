-- copy makes a fresh array that may be consumed while the original stays in use.
-- ==
-- input { [1, 2, 3] } output { [0, 2, 3] 6 }
def zero_first (xs: *[]i32) : *[]i32 = xs with [0] = 0
def main (xs: []i32) = (zero_first (copy xs), i32.sum xs)
