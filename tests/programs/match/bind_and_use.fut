-- A match case binds a variable used in the result.
-- ==
-- input { 4 } output { 16 }
def main (x: i32) =
  match x + 0
  case 0 -> 0
  case n -> n * n
