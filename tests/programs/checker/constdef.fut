-- Checker stress (inference/sizes/uniqueness): constdef.fut
-- ==
-- input { } output { 42 }
def k = 40
def main = k + 2
