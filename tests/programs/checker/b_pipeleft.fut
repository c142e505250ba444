-- Checker stress (inference/sizes/uniqueness): b_pipeleft.fut
-- ==
-- input { [1,2] } output { 3 }
def main (xs: []i32) = reduce (+) 0 <| map id xs
