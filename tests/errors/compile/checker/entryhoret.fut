-- Checker must reject: entryhoret.fut
-- ==
-- error: .
def main (x: i32) = \y -> x + y
