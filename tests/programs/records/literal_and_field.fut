-- Record literals and field access.
-- ==
-- input { 1 2.5 } output { 1 2.5 }
def main (x: i32) (y: f64) =
  let r = {a = x, b = y}
  in (r.a, r.b)
