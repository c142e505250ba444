-- Checker must reject: refutable.fut
-- ==
-- error: .
def main (x: i32) = let 1 = x in x
