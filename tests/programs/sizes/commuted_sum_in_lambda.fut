-- A lambda parameter's size meeting `k + 1` and `1 + k` (the same size, operands in
-- another order) is accepted, as it is outside a lambda: the checker paired the
-- operands up and made the size 1 ("Dimensions `1` and `k` do not match").
-- ==
-- input { [[1, 2], [3, 4]] } output { [[1, 3, 2], [3, 7, 4]] }
-- input { [[5]] } output { [[5, 5]] }
-- input { empty([0][3]i32) } output { empty([0][4]i32) }
-- input { empty([2][0]i32) } output { [[0], [0]] }

def f [n] (a: [n]i32) (b: [n]i32) : [n]i32 = map2 (+) a b

entry main [m] [k] (xs: [m][k]i32) = map (\a -> f (a ++ [0]) ([0] ++ a)) xs
