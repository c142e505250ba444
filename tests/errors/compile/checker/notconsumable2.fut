-- Checker must reject: notconsumable2.fut
-- ==
-- error: .
def f (xs: *[]i32) : *[]i32 = xs with [0] = 1
def main (xs: []i32) = f xs
