-- match on float literal patterns.
-- ==
-- input { 0.5 } output { 1 }
-- input { 1.5 } output { 2 }
def main (x: f64) =
  match x
  case 0.5 -> 1
  case _ -> 2
