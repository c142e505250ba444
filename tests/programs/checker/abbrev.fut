-- Checker stress (inference/sizes/uniqueness): abbrev.fut
-- ==
-- input { [1,2,3] } output { [1,2,3] }
type vec [n] 't = [n]t
def id [n] (v: vec [n] i32) : vec [n] i32 = v
def main (xs: []i32) = id xs
