-- Checker stress (inference/sizes/uniqueness): assert.fut
-- ==
-- input { 3 } output { 3 }
def main (x: i32) = assert (x > 0) x
