-- Checker stress (inference/sizes/uniqueness): b_hofsize.fut
-- ==
-- input { [[1,2],[3,4]] } output { [3,7] }
def main (xss: [][]i32) = map (reduce (+) 0) xss
