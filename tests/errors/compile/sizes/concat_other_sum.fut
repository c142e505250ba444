-- xs ++ ys has size n + m and xs ++ xs size n + n: they are not the same size.
-- ==
-- error: Dimensions `n \+ m` and `n \+ n` do not match

def main [n] [m] (xs: [n]i32) (ys: [m]i32) = map2 (+) (xs ++ ys) (xs ++ xs)
