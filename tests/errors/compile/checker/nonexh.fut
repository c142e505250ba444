-- Checker must reject: nonexh.fut
-- ==
-- error: .
def main (x: i32) = match x case 1 -> 2 case 2 -> 3
