-- Record patterns in let and in function parameters.
-- ==
-- input { 6 7 } output { 42 -1 }
def diff {a: i32, b: i32} = a - b
def main (x: i32) (y: i32) =
  let {a, b = c} = {a = x, b = y}
  in (a * c, diff {a = x, b = y})
