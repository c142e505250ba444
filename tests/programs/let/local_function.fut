-- A function defined locally with let.
-- ==
-- input { 4 } output { 17 }
def main (x: i32) =
  let sq (y: i32) = y * y
  in sq x + 1
