-- Checker stress (inference/sizes/uniqueness): recordpat.fut
-- ==
-- input { 1 2 } output { 3 }
def f {a, b} : i32 = a + b
def main x y = f {a = x, b = y}
