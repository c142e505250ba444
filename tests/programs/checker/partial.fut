-- Checker stress (inference/sizes/uniqueness): partial.fut
-- ==
-- input { [1,2,3] } output { [11,12,13] }
def add (x: i32) (y: i32) = x + y
def main xs = map (add 10) xs
