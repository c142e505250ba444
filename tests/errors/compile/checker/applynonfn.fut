-- Checker must reject: applynonfn.fut
-- ==
-- error: .
def main (x: i32) = x 1
