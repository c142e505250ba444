-- A polymorphic sum type.
-- ==
-- input { 5 } output { 5 }
-- input { -5 } output { 0 }
type maybe 'a = #just a | #nothing
def from_maybe 'a (d: a) (m: maybe a) : a =
  match m
  case #just x -> x
  case #nothing -> d
def main (x: i32) : i32 =
  from_maybe 0 (if x > 0 then #just x else #nothing)
