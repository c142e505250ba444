-- A chain of let bindings.
-- ==
-- input { 3 } output { 16 }
def main (x: i32) =
  let y = x + 1
  let z = y * y
  in z
