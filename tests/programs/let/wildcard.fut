-- The wildcard pattern ignores a value.
-- ==
-- input { 7 } output { 7 }
def main (x: i32) =
  let _ = x * 100
  in x
