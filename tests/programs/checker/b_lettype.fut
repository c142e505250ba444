-- Checker stress (inference/sizes/uniqueness): b_lettype.fut
-- ==
-- input { 3 } output { 3i64 }
def main (x: i32) = let y: i64 = i64.i32 x in y
