-- Checker must reject: fieldunknown.fut
-- ==
-- error: .
def main (x: i32) = let r = {a = x} in r.b
