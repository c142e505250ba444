-- Checker stress (inference/sizes/uniqueness): boolops.fut
-- ==
-- input { 1 } output { true }
def main x = x > 0 && !(x > 5) || false
