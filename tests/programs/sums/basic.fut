-- A sum type with constructors and payloads, taken apart by match.
-- ==
-- input { 1 } output { 5 }
-- input { 2 } output { 12 }
-- input { 3 } output { 0 }
type shape = #circle i32 | #rect i32 i32 | #none
def area (s: shape) =
  match s
  case #circle r -> r * 5
  case #rect w h -> w * h
  case #none -> 0
def main (k: i32) =
  let s = if k == 1 then #circle 1 else if k == 2 then #rect 3 4 else #none
  in area s
