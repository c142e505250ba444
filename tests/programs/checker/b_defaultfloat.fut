-- Checker stress (inference/sizes/uniqueness): b_defaultfloat.fut
-- ==
-- input { [1.5, 2.5] } output { [3.0, 5.0] }
def double x = x * 2.0
def main xs = map double xs
