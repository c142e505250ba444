-- Checker must reject: rigid2.fut
-- ==
-- error: .
def f [n] (xs: [n]i32) : [n]i32 = xs ++ xs
def main (xs: []i32) = f xs
