-- Checker stress (inference/sizes/uniqueness): b_sizeabbrevnested.fut
-- ==
-- input { [[1,2],[3,4]] } output { [[1,2],[3,4]] }
type mat [n][m] = [n][m]i32
def idm [n][m] (a: mat [n][m]) : mat [n][m] = a
def main [n][m] (a: [n][m]i32) = idm a
