-- A constructor pattern may carry a type ascription inside parentheses, which closes
-- the sum type of a scrutinee nothing else names (Futhark's enums/enum33).
-- ==
-- input { 0 } output { 1 }
-- input { 1 } output { 2 }

type foobar = #foo | #bar

def main (x: i32) : i32 =
  match (if x == 0 then #foo else #bar)
  case (#foo : foobar) -> 1
  case (#bar) -> 2
