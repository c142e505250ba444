-- Checker stress (inference/sizes/uniqueness): existential.fut
-- ==
-- input { [1,-2,3] } output { 2i64 }
def pos (xs: []i32) : ?[k].[k]i32 = filter (>0) xs
def main xs = length (pos xs)
