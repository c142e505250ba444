-- Checker stress (inference/sizes/uniqueness): typeparamdef.fut
-- ==
-- input { [1,2,3] } output { 3i64 }
def count 'a (xs: []a) = length xs
def main (xs: []i32) = count xs
