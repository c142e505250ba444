-- Checker stress (inference/sizes/uniqueness): concat.fut
-- ==
-- input { [1,2] [3] } output { [1,2,3] }
def main (a: []i32) (b: []i32) = a ++ b
