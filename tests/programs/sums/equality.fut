-- Sum values can be compared with ==.
-- ==
-- input { 3 } output { true false }
type t = #a i32 | #b
def main (x: i32) =
  let v : t = #a x
  in (v == #a 3, v == #b)
