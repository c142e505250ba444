-- Checker stress (inference/sizes/uniqueness): matchlit.fut
-- ==
-- input { 2 } output { 20 }
def main (x: i32) = match x case 1 -> 10 case 2 -> 20 case _ -> 0
