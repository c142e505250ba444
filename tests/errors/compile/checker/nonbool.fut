-- Checker must reject: nonbool.fut
-- ==
-- error: .
def main (x: i32) = if x then 1 else 2
