-- map over iota indexing into another array.
-- ==
-- input { [5, 6, 7] } output { [7, 6, 5] }
def main [n] (xs: [n]i32) = map (\i -> xs[n - 1 - i]) (iota n)
