-- Checker stress (inference/sizes/uniqueness): b_sizepoly3.fut
-- ==
-- input { [[1,2],[3,4]] } output { [1,2,3,4] }
def main [n][m] (xss: [n][m]i32) : [n*m]i32 = flatten xss
