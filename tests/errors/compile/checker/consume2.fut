-- Checker must reject: consume2.fut
-- ==
-- error: .
def f (xs: *[]i32) : *[]i32 = xs with [0] = 1
def main (xs: *[]i32) = let ys = f xs in (ys, xs)
