-- rep replicates to a size known from the context.
-- ==
-- input { [1, 2, 3] } output { [11, 12, 13] }
def main [n] (xs: [n]i32) = map2 (+) xs (rep 10)
