-- Evaluating a polynomial with Horner's rule via foldl.
-- ==
-- input { [1, 0, -2, 3] 2 } output { 7 }
-- input { [4] 10 } output { 4 }
def main (coeffs: []i32) (x: i32) = foldl (\acc c -> acc * x + c) 0 coeffs
