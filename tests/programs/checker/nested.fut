-- Checker stress (inference/sizes/uniqueness): nested.fut
-- ==
-- input { [[1,2],[3,4],[5,6]] } output { [[1,3,5],[2,4,6]] }
def tr [n][m] (xss: [n][m]i32) : [m][n]i32 = transpose xss
def main xss = tr xss
