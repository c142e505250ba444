-- Functional record update with `with`.
-- ==
-- input { 1 } output { 1 10 5 }
def main (x: i32) =
  let r = {a = x, b = 2, c = 5}
  let r2 = r with b = 10
  in (r.a, r2.b, r2.c)
