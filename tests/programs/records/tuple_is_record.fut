-- A tuple is a record with numeric field names.
-- ==
-- input { 5 6 } output { 5 6 }
def main (x: i32) (y: i32) =
  let r: (i32, i32) = {0 = x, 1 = y}
  in (r.0, r.1)
