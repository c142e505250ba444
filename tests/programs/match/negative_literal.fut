-- match on negative literal patterns.
-- ==
-- input { -1 } output { true }
-- input { 1 } output { false }
def main (x: i32) =
  match x
  case -1 -> true
  case _ -> false
