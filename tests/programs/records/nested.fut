-- Nested records and chained field access.
-- ==
-- input { 8 } output { 8 9 }
def main (x: i32) =
  let r = {inner = {v = x, w = x + 1}, tag = true}
  in (r.inner.v, r.inner.w)
