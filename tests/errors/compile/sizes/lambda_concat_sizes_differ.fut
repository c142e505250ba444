-- An unannotated lambda parameter's size meets `d + 1` and `2 + d`, which differ:
-- rejected, naming those two sizes.  A failed attempt to pair the operands (d with 2)
-- used to leave d bound to 2, so the message showed `[3]i32` against `[4]i32`.
-- ==
-- error: Dimensions `\?[0-9]+ \+ 1` and `2 \+ \?[0-9]+` do not match.*expected `\[\]i32`

def f [n] (a: [n]i32) (b: [n]i32) : [n]i32 = map2 (+) a b

entry main [m] [k] (xs: [m][k]i32) = map (\a -> f (a ++ [0]) ([0, 0] ++ a)) xs
