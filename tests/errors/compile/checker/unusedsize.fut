-- Checker must reject: unusedsize.fut
-- ==
-- error: .
def f [n] (x: i32) = x
def main (x: i32) = f x
