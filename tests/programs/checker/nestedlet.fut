-- Checker stress (inference/sizes/uniqueness): nestedlet.fut
-- ==
-- input { 3 } output { 10 }
def main x = let f a = let g b = a + b in g 1 in f x + f (x + 2)
