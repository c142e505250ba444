-- Wildcards in tuple patterns of match cases.
-- ==
-- input { true false } output { 1 }
-- input { false true } output { 2 }
-- input { false false } output { 3 }
-- input { true true } output { 1 }
def main (a: bool) (b: bool) =
  match (a, b)
  case (true, _) -> 1
  case (_, true) -> 2
  case _ -> 3
