-- Checker must reject: rigid.fut
-- ==
-- error: .
def main [n][m] (xs: [n]i32) (ys: [m]i32) : [n]i32 = map2 (+) xs ys
