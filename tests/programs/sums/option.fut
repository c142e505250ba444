-- An option type for a safe division.
-- ==
-- input { 7 2 } output { 3 }
-- input { 7 0 } output { -1 }
type opt = #some i32 | #none
def safe_div (a: i32) (b: i32) : opt = if b == 0 then #none else #some (a / b)
def main (a: i32) (b: i32) =
  match safe_div a b
  case #some v -> v
  case #none -> -1
