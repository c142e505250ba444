-- Nested lambdas capturing the outer lambda's parameter.
-- ==
-- input { [1, 2] [10, 20, 30] } output { [[11, 21, 31], [12, 22, 32]] }
def main (xs: []i32) (ys: []i32) = map (\x -> map (\y -> x + y) ys) xs
