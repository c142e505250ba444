-- Checker stress (inference/sizes/uniqueness): opdef.fut
-- ==
-- input { 2 3 } output { 13 }
def (<+>) (a: i32) (b: i32) = a * a + b * b
def main x y = x <+> y
