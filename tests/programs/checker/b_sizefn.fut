-- Checker stress (inference/sizes/uniqueness): b_sizefn.fut
-- ==
-- input { [1,2,3] } output { [1,2,3] }
def ensure [n] (m: i64) (xs: [n]i32) : [m]i32 = xs :> [m]i32
def main [n] (xs: [n]i32) = ensure n xs
