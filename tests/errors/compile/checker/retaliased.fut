-- Checker must reject: retaliased.fut
-- ==
-- error: .
def f (xs: []i32) : *[]i32 = xs
def main (xs: []i32) = f xs
