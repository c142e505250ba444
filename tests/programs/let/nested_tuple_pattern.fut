-- Nested tuple patterns and wildcards.
-- ==
-- input { 1 2 3 } output { 6 }
def main (x: i32) (y: i32) (z: i32) =
  let ((a, _), (b, c)) = ((x, 100), (y, z))
  in a + b + c
