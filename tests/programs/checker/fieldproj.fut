-- Checker stress (inference/sizes/uniqueness): fieldproj.fut
-- ==
-- input { [1,2] } output { [2,3] }
def main (xs: []i32) = map (\x -> {v = x + 1}) xs |> map (.v)
