-- Checker must reject: consume.fut
-- ==
-- error: .
def main (xs: *[]i32) = let ys = xs with [0] = 1 in xs[0] + ys[0]
