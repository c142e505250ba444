-- Checker stress (inference/sizes/uniqueness): letsize.fut
-- ==
-- input { [1,2,3] } output { 3i64 }
def main (xs: []i32) = let [n] (ys: [n]i32) = filter (>0) xs in n
