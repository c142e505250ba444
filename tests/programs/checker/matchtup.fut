-- Checker stress (inference/sizes/uniqueness): matchtup.fut
-- ==
-- input { 1 2 } output { 3 }
def main (x: i32) (y: i32) = match (x, y) case (0, _) -> 0 case (a, b) -> a + b
