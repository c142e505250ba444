-- Checker stress (inference/sizes/uniqueness): deflit.fut
-- ==
-- input { } output { 3 2.5 }
def pair = (1, 2.5)
def main = (pair.0 + 2, pair.1)
