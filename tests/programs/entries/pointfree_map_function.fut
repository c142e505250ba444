-- A point-free entry point mapping a top-level function: what it returns is fresh,
-- though a named function is its argument.
-- ==
-- input { [[1, 2], [3, 4]] } output { [3, 7] }
def g (xs: []i32) : i32 = reduce (+) 0 xs
def main = map g
