-- Checker stress (inference/sizes/uniqueness): pipe.fut
-- ==
-- input { [1,2,3] } output { 12 }
def main (xs: []i32) = xs |> map (*2) |> reduce (+) 0
