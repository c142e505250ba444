-- Checker stress (inference/sizes/uniqueness): sizeinf.fut
-- ==
-- input { [[1,2],[3,4]] } output { [3,7] }
def main [n][m] (xss: [n][m]i32) : [n]i32 = map (\xs -> reduce (+) 0 xs) xss
