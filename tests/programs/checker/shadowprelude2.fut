-- Checker stress (inference/sizes/uniqueness): shadowprelude2.fut
-- ==
-- input { 3 } output { 6 }
def length (x: i32) = x * 2
def main (x: i32) = length x
