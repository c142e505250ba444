-- A lambda with a tuple pattern parameter.
-- ==
-- input { [1, 2] [10, 20] } output { [11, 22] }
def main (xs: []i32) (ys: []i32) = map (\(a, b) -> a + b) (zip xs ys)
