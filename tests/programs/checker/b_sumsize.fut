-- Checker stress (inference/sizes/uniqueness): b_sumsize.fut
-- ==
-- input { [1,2] } output { 3 }
type t [n] = #arr ([n]i32) | #none
def f [n] (x: t [n]) = match x case #arr a -> reduce (+) 0 a case #none -> 0
def main [n] (xs: [n]i32) = f (#arr xs : t [n])
