-- Checker must reject: unknown.fut
-- ==
-- error: .
def main (x: i32) = x + y
