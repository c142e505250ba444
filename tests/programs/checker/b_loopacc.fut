-- Checker stress (inference/sizes/uniqueness): b_loopacc.fut
-- ==
-- input { [1,2,3] } output { 6 [1,2,3] }
def main [n] (xs: [n]i32) = loop (s, ys) = (0, copy xs) for i < n do (s + ys[i], ys)
