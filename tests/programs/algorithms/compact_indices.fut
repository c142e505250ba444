-- Indices of the nonzero elements.
-- ==
-- input { [0, 3, 0, 4] } output { [1i64, 3i64] }
def main [n] (xs: [n]i32) = map (.0) (filter (\(_, x) -> x != 0) (zip (iota n) xs))
