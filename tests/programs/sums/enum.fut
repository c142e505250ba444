-- Constructors without payloads behave like an enumeration.
-- ==
-- input { 0 } output { 1 }
-- input { 1 } output { 2 }
-- input { 2 } output { 0 }
type colour = #red | #green | #blue
def next (c: colour) : colour =
  match c
  case #red -> #green
  case #green -> #blue
  case #blue -> #red
def to_int (c: colour) : i32 = match c case #red -> 0 case #green -> 1 case #blue -> 2
def main (i: i32) =
  let c : colour = if i == 0 then #red else if i == 1 then #green else #blue
  in to_int (next c)
