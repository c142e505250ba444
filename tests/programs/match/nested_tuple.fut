-- match on nested tuples.
-- ==
-- input { true 1 2 } output { 3 }
-- input { false 1 2 } output { -1 }
def main (b: bool) (x: i32) (y: i32) =
  match (b, (x, y))
  case (true, (a, c)) -> a + c
  case (false, (a, c)) -> a - c
