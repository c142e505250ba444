-- Checker must reject: sizeanntype.fut
-- ==
-- error: .
def main (xs: [3]i32) : [4]i32 = xs
