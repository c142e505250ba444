-- The forward pipe |>.
-- ==
-- input { [1, 2, 3, 4] } output { 20 }
def main (xs: []i32) = xs |> map (* 2) |> reduce (+) 0
