-- Checker stress (inference/sizes/uniqueness): curry.fut
-- ==
-- input { 1 2 } output { 3 }
def main (x: i32) (y: i32) = curry (\(a, b) -> a + b) x y
