-- Checker stress (inference/sizes/uniqueness): litdef2.fut
-- ==
-- input { } output { 2.5 }
def main = let x = 2.0 in x + 0.5
