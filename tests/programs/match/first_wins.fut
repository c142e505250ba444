-- The first matching case is taken.
-- ==
-- input { 1 } output { 100 }
-- input { 2 } output { 2 }
def main (x: i32) =
  match x
  case 1 -> 100
  case y -> y
