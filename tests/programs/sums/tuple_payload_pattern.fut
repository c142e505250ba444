-- A constructor pattern nested inside a tuple pattern.
-- ==
-- input { 2 3 } output { 5 }
-- input { 0 3 } output { 3 }
type opt = #some i32 | #none
def main (x: i32) (y: i32) =
  let o : opt = if x == 0 then #none else #some x
  in match (o, y)
     case (#some a, b) -> a + b
     case (#none, b) -> b
