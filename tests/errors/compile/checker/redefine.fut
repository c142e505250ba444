-- Checker must reject: redefine.fut
-- ==
-- error: .
def main (x: i32) = let (a, a) = (x, x) in a
