-- Checker stress (inference/sizes/uniqueness): b_sizeret2.fut
-- ==
-- input { [1,2,3] } output { [2,3,4] }
def f [n] (xs: [n]i32) : [n]i32 = map (+1) xs
def g [n] (xs: [n]i32) : [n]i32 = f (f xs) |> map (\x -> x - 1)
def main xs = g xs
