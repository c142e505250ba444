-- The let r.f = v form updates one field.
-- ==
-- input { 2 } output { 2 7 }
def main (x: i32) =
  let r = {a = x, b = 0}
  let r.b = 7
  in (r.a, r.b)
