-- Checker stress (inference/sizes/uniqueness): b_sumarr.fut
-- ==
-- input { [1,-2,3] } output { 4 }
type r = #ok i32 | #err
def main (xs: []i32) = map (\x -> if x > 0 then #ok x else #err) xs |> map (\(v: r) -> match v case #ok y -> y case #err -> 0) |> reduce (+) 0
