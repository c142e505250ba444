-- match on a tuple with literal and variable components.
-- ==
-- input { 0 5 } output { 5 }
-- input { 3 0 } output { 3 }
-- input { 2 3 } output { 6 }
def main (x: i32) (y: i32) =
  match (x, y)
  case (0, b) -> b
  case (a, 0) -> a
  case (a, b) -> a * b
