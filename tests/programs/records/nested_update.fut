-- Updating a field of a nested record.
-- ==
-- input { 1 } output { 1 100 }
def main (x: i32) =
  let r = {p = {q = x, s = 2}}
  let r2 = r with p.s = 100
  in (r2.p.q, r2.p.s)
