-- match on booleans.
-- ==
-- input { true } output { 1 }
-- input { false } output { 0 }
def main (b: bool) =
  match b
  case true -> 1
  case false -> 0
