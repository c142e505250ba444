-- Let-binding a tuple pattern.
-- ==
-- input { 5 } output { 6 4 }
def main (x: i32) =
  let (a, b) = (x + 1, x - 1)
  in (a, b)
