-- Checker stress (inference/sizes/uniqueness): b_loopsizechange.fut
-- ==
-- input { 3i64 } output { 8i64 }
def main (n: i64) = length (loop xs = [1i32] for _i < n do xs ++ xs)
