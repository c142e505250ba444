-- Checker must reject: tuplewrong.fut
-- ==
-- error: .
def main (x: i32) = let (a, b, c) = (x, x) in a
