-- Checker stress (inference/sizes/uniqueness): scatter.fut
-- ==
-- input { 3i64 } output { [5,0,5] }
def main n = scatter (replicate n 0i32) [0, 2] [5, 5]
