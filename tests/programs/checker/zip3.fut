-- Checker stress (inference/sizes/uniqueness): zip3.fut
-- ==
-- input { [1,2] [3,4] } output { [4,6] }
def main xs ys = map2 (+) xs ys : []i32
