-- Checker stress (inference/sizes/uniqueness): uniq7.fut
-- ==
-- input { [1,2,3] } output { [3,2,1] }
def main [n] (xs: *[n]i32) = loop xs for i < n/2 do let t = xs[i] let xs[i] = xs[n-1-i] let xs[n-1-i] = t in xs
