-- Checker stress (inference/sizes/uniqueness): litdef.fut
-- ==
-- input { } output { 7 }
def main = let x = 3 let y = x + 4 in y
