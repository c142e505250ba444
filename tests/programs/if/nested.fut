-- Nested conditionals: classify a number.
-- ==
-- input { 15 } output { 3 }
-- input { 9 } output { 1 }
-- input { 10 } output { 2 }
-- input { 7 } output { 0 }
def main (x: i32) =
  if x % 3 == 0
  then if x % 5 == 0 then 3 else 1
  else if x % 5 == 0 then 2 else 0
