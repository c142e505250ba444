-- Checker stress (inference/sizes/uniqueness): b_sizepoly2.fut
-- ==
-- input { [1,2,3] } output { [1,2,3,1,2,3] }
def dup [n] 't (xs: [n]t) : [n+n]t = xs ++ xs
def main (xs: []i32) = dup xs
