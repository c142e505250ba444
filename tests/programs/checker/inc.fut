-- Checker stress (inference/sizes/uniqueness): inc.fut
-- ==
-- input { [1,2,3] } output { [2,3,4] }
def f x = x + 1
def main xs = map f xs
