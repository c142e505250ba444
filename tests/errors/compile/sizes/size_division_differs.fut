-- `[n / 2]` is a size of its own: the result of halving xs does not zip with xs.
-- ==
-- error: Dimensions `n / 2` and `n` do not match

def evens [n] (xs: [n]i32) : [n / 2]i32 = tabulate (n / 2) (\i -> xs[2 * i])
def main [n] (xs: [n]i32) = zip (evens xs) xs
