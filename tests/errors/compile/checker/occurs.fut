-- Checker must reject: occurs.fut
-- ==
-- error: .
def f x = x x
def main (y: i32) = y
