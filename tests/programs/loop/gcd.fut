-- Euclid's algorithm with a while loop.
-- ==
-- input { 48 18 } output { 6 }
-- input { 17 5 } output { 1 }
-- input { 0 9 } output { 9 }
def main (a: i32) (b: i32) =
  let (x, _) = loop (x, y) = (a, b) while y != 0 do (y, x % y)
  in x
