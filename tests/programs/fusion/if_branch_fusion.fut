-- Fusion inside both branches of an if.
-- ==
-- input { [1, 2, 3] true } output { 15 }
-- input { [1, 2, 3] false } output { 12 }
def main (xs: []i32) (c: bool) =
  if c then xs |> map (* 2) |> map (+ 1) |> reduce (+) 0
  else xs |> filter (> 1) |> map (* 2) |> reduce (+) 0 |> (+ 2)
