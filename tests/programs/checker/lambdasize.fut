-- Checker stress (inference/sizes/uniqueness): lambdasize.fut
-- ==
-- input { 2i64 } output { [[0,1],[0,1]] }
def main (n: i64) = map (\_ -> iota n) (iota n)
