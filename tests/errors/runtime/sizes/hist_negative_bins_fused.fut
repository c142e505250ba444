-- hist with a negative number of bins whose indices come from a map (fused into the hist).
-- ==
-- input { 3i64 [0i64, 4i64, 2i64, 5i64] } output { [0i64, 4i64, 7i64] }
-- input { -3i64 [1i64, 2i64] } error: hist: negative number of bins
-- input { 0i64 [1i64, 2i64] } error: [Dd]ivision by zero

def main [n] (k: i64) (xs: [n]i64) : []i64 = hist (+) 0 k (map (\x -> x % k) xs) xs
