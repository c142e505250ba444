-- Checker stress (inference/sizes/uniqueness): b_range2.fut
-- ==
-- input { } output { [1,3,5] }
def main = 1..3...5
