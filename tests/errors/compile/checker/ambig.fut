-- Checker must reject: ambig.fut
-- ==
-- error: .
def main (x: i32) = let r = \y -> y.a in x
