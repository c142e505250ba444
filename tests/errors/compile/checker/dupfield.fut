-- Checker must reject: dupfield.fut
-- ==
-- error: .
def main (x: i32) = let r = {a = x, a = x} in r.a
