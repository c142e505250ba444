-- Checker stress (inference/sizes/uniqueness): b_ascription.fut
-- ==
-- input { } output { [1i64, 2i64] }
def main = [1, 2] : []i64
