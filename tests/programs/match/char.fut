-- match on character literals.
-- ==
-- input { 97u8 } output { 1 }
-- input { 98u8 } output { 2 }
-- input { 120u8 } output { 0 }
def main (c: u8) =
  match c
  case 'a' -> 1
  case 'b' -> 2
  case _ -> 0
