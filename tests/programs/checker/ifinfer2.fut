-- Checker stress (inference/sizes/uniqueness): ifinfer2.fut
-- ==
-- input { true } output { 1i8 }
def main b : i8 = if b then 1 else 2
