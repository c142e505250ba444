-- Records with the same fields in a different order have the same type.
-- ==
-- input { 3 } output { true }
def main (x: i32) =
  let r1: {a: i32, b: bool} = {b = true, a = x}
  let r2 = {a = x, b = true}
  in r1 == r2
