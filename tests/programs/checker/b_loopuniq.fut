-- Checker stress (inference/sizes/uniqueness): b_loopuniq.fut
-- ==
-- input { [1,2,3] } output { [0,0,0] }
def main [n] (xs: [n]i32) = loop (ys: *[n]i32) = copy xs for i < n do ys with [i] = 0
