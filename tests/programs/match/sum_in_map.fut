-- A match on constructors inside a map.
-- ==
-- input { [0, 1, 2, 3] } output { [0, 10, 0, 30] }
type t = #keep i32 | #drop
def main (xs: []i32) =
  map (\x -> let v : t = if x % 2 == 1 then #keep x else #drop
             in match v
                case #keep y -> y * 10
                case #drop -> 0) xs
