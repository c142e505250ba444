-- Projection from nested tuples.
-- ==
-- input { 1 2 3 } output { 3 1 }
def main (a: i32) (b: i32) (c: i32) =
  let t = ((a, b), c)
  in (t.1, t.0.0)
