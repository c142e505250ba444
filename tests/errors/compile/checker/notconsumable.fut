-- Checker must reject: notconsumable.fut
-- ==
-- error: .
def main (xs: []i32) = xs with [0] = 1
