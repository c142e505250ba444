-- Checker stress (inference/sizes/uniqueness): b_hist.fut
-- ==
-- input { [0i64,1i64,1i64] } output { [1,2] }
def main (is: []i64) = hist (+) 0 2 is (map (\_ -> 1i32) is)
